import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { failBatchWork, runBatchSlice, type SliceOptions } from '../src/domain/batch-runner.js';
import { getBatch } from '../src/domain/batches.js';
import { writeBatchDestination } from '../src/domain/batch-destination.js';
import { storeEventBody } from '../src/storage/webhook-events.js';
import { messageIdFor } from '../src/webhooks/events.js';
import type { BatchSliceOutcome } from '../workflows/batch-types.js';
import type { JobEventDelivery } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { UNFIXABLE_CODE } from './unfixable-errors.js';

// The I/O of a batch's workflow (workflows/batch.ts): its slices of work and its terminal event.

/** What a failed batch says of an internal error; the detail is in the log under the batch id. */
export const BATCH_INTERNAL_ERROR_MESSAGE = 'The batch failed because of an internal error of the service; its log has the details under this batch id';

/** A slice heartbeats at least this often (its heartbeat timeout is 2 s since ENGINE_BATCH_OUTCOME). */
const SLICE_BEAT_EVERY_MS = 500;

export function batchActivities({ db, config, logger, shutdown }: ResolvedActivityDeps) {
  return {
    /** Keep the batch's window full for up to `sliceMs`, then report whether it ended (src/domain/batch-runner.ts). */
    async runBatchSlice(batchId: string, opts: Pick<SliceOptions, 'sliceMs' | 'requeueFailed' | 'resumeHandOut'>): Promise<BatchSliceOutcome> {
      const ctx = Context.current();
      // Beats on a timer too, so a slow Postgres or Temporal call never reads as a dead worker
      // under the slice's short heartbeat timeout (workflows/batch.ts).
      const beating = setInterval(() => ctx.heartbeat(), SLICE_BEAT_EVERY_MS);
      return runBatchSlice({ db, config, logger, temporal: ctx.client }, batchId, {
        ...opts,
        // A repeated attempt (crashed worker, lost Postgres) may have moved the cursor without starting the items.
        resumeHandOut: opts.resumeHandOut === true || ctx.info.attempt > 1,
        beat: () => ctx.heartbeat(),
        // A worker that stops ends the slice at its next beat: the run's next slice goes to a
        // worker that polls (after a restart, at once on another one); nothing is lost, the
        // window's state is in Postgres.
        signal: shutdown ? AbortSignal.any([ctx.cancellationSignal, shutdown]) : ctx.cancellationSignal,
      })
        .then(async (outcome) => {
          // An ended batch's results go to its bucket destination before the run reports the end (and
          // its webhook is sent): an attempt that crashed after the end finds the batch ended and writes.
          if (outcome !== 'running' && outcome !== 'deleted') await writeBatchDestination(db, batchId);
          return outcome;
        })
        .finally(() => clearInterval(beating));
    },

    /**
     * The batch's work met an error no retry can fix (workflows/batch.ts): the batch → failed, its
     * items stopped (src/domain/batch-runner.ts). An internal error's detail goes to the log; the
     * batch says where to look.
     */
    async failBatch(batchId: string, error: { code: string; message: string }): Promise<BatchSliceOutcome> {
      const internal = error.code === UNFIXABLE_CODE;
      const recorded = internal ? { code: error.code, message: BATCH_INTERNAL_ERROR_MESSAGE } : error;
      const outcome = await failBatchWork({ db, config, logger, temporal: Context.current().client }, batchId, recorded);
      if (outcome !== 'deleted') await writeBatchDestination(db, batchId);
      if (outcome !== 'failed') return outcome;
      if (internal) logger.error({ batch_id: batchId, workflow_id: batchId, code: error.code, detail: error.message }, 'internal error of a batch');
      else logger.info({ batch_id: batchId, workflow_id: batchId, code: error.code }, 'batch failed');
      return outcome;
    },

    /**
     * batch.completed / batch.canceled / batch.failed: the body (the batch as GET returns it, counts included) is
     * stored in webhook_events once, and the job events' delivery workflow sends it to every
     * subscribed endpoint, signed like the job events. Only ids travel through history.
     */
    async notifyBatchEnded(batchId: string, outcome: 'completed' | 'canceled' | 'failed', runId: string): Promise<number> {
      const eventType = `batch.${outcome}`;
      const endpoints = await db('webhook_endpoints').where({ enabled: true }).whereRaw('events @> ?::jsonb', [JSON.stringify([eventType])]).orderBy('id').select('id');
      if (endpoints.length === 0) return 0;
      const data = await getBatch(db, batchId).catch(() => null);
      if (!data) return 0;
      const messageId = messageIdFor(batchId, runId);
      const body = JSON.stringify({ type: eventType, timestamp: data.completed_at ?? new Date().toISOString(), data });
      await storeEventBody(db, { messageId, jobId: batchId, eventType, body });
      const input: JobEventDelivery = {
        kind: data.kind,
        jobId: batchId,
        plan: { endpointIds: endpoints.map((e) => e.id as string), messageId, eventType, retry: config.webhooks },
      };
      try {
        await Context.current().client.workflow.start('deliverJobEventWorkflow', {
          workflowId: `${batchId}-webhooks-${runId}`,
          taskQueue: config.temporal.batchTaskQueue,
          args: [input],
          memo: { batch_id: batchId, event: eventType },
          staticSummary: `${eventType} of ${batchId} → ${endpoints.length} endpoint${endpoints.length === 1 ? '' : 's'}`,
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
      return endpoints.length;
    },
  };
}
