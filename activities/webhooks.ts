import { ApplicationFailure, Context } from '@temporalio/activity';
import { newId } from '../src/domain/ids.js';
import { readJobWithoutResult } from '../src/domain/job-reads.js';
import type { JobKind } from '../src/kinds.js';
import { recordWebhookDelivery } from '../src/metrics/index.js';
import { findCompletedReviewState } from '../src/storage/jobs/extraction.js';
import { findJobStatus } from '../src/storage/jobs/reads.js';
import { SecretUnreadableError } from '../src/storage/secrets.js';
import { readEventBody, storeEventBody } from '../src/storage/webhook-events.js';
import { eventFor, messageIdFor } from '../src/webhooks/events.js';
import { planReviewEvent, reviewMessageId } from '../src/domain/review-events.js';
import { startJobEventDelivery } from '../src/temporal/job-event-delivery.js';
import { postWebhook } from '../src/webhooks/send.js';
import { signedHeaders } from '../src/webhooks/signature.js';
import type { WebhookPlan } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';

// Webhook delivery of a job's terminal event, planned by the job's workflow once the job's terminal
// status is committed and delivered by the event's own workflow (workflows/notify.ts).

export function webhookActivities({ db, config, secrets, logger }: ResolvedActivityDeps) {
  /**
   * A job that has just completed into review (`pending`, revision 1): its review_required event
   * goes to its subscribers in a delivery workflow of its own, started here with the worker's
   * client, so the job workflows stay as they are. Its webhook-id is the same on every attempt of
   * this step, and a second start of the same delivery is a no-op.
   */
  async function announceReviewRequired(jobId: string): Promise<void> {
    const row = await findCompletedReviewState(db, jobId);
    if (!row || row.review_status !== 'pending' || row.revision !== 1) return;
    const eventType = 'extraction_job.review_required';
    const plan = await planReviewEvent(db, config, jobId, eventType, reviewMessageId(jobId, eventType, 1));
    if (!plan) return;
    const ctx = Context.current();
    await startJobEventDelivery(ctx.client, ctx.info.taskQueue, jobId, plan);
  }

  return {
    /**
     * The job's terminal event and the enabled endpoints subscribed to it. Its body (the job as GET
     * returns it, without `result`, which is one GET away) is built once here and stored in
     * webhook_events under the event's `webhook-id`, so every endpoint and every retry sends the same
     * bytes, even if the job is deleted or retried while a receiver is down. The plan carries ids
     * only: the body (which holds the job's input text) never enters workflow history, where a
     * large text would exceed Temporal's payload limit. Cheap when nobody is subscribed (most jobs):
     * two short reads. `runId` (runs since WEBHOOKS_CHILD_WORKFLOW) makes the `webhook-id` one per
     * run's event, so the event of a retried job's new run is not taken for a repeat.
     */
    async planJobWebhooks(kind: JobKind, jobId: string, runId?: string): Promise<WebhookPlan> {
      const retry = config.webhooks;
      const messageId = messageIdFor(jobId, runId);
      const none: WebhookPlan = { endpointIds: [], messageId, eventType: '', retry };
      if (kind === 'extraction') {
        await announceReviewRequired(jobId).catch((err) =>
          logger.warn({ job_id: jobId, err: String(err) }, 'could not start the delivery of extraction_job.review_required'),
        );
      }
      const status = await findJobStatus(db, kind, jobId);
      const row = status ? { status } : undefined;
      const eventType = row ? eventFor(kind, row.status) : null;
      if (!row || !eventType) return none;
      const endpoints = await db('webhook_endpoints')
        .where({ enabled: true })
        .whereRaw('events @> ?::jsonb', [JSON.stringify([eventType])])
        .orderBy('id')
        .select('id');
      if (endpoints.length === 0) return none;
      const data = await readJobWithoutResult(db, kind, jobId);
      if (!data) return none;
      if (data.status !== row.status) {
        // A retry of the job moved it in between (and is refused while this run is open): read again.
        throw ApplicationFailure.retryable(`job ${jobId} changed while its event was planned`, 'job_changed');
      }
      const timestamp = data.completed_at ?? new Date().toISOString();
      const body = JSON.stringify({ type: eventType, timestamp, data });
      // Without a run id (runs before WEBHOOKS_CHILD_WORKFLOW) the id repeats across a job's runs.
      await storeEventBody(db, { messageId, jobId, eventType, body }, { replace: runId === undefined });
      return { endpointIds: endpoints.map((e) => e.id as string), messageId, eventType, retry };
    },

    /**
     * One attempt to deliver an event to one endpoint, recorded in webhook_deliveries. 2xx: done;
     * 410: the receiver is gone, the endpoint is disabled; anything else (other statuses, network
     * errors, 10 s without an answer, a refused address) throws and Temporal retries with backoff.
     * The receiver's body is never read into memory or logged. The event's body is read from
     * webhook_events; `body` is given only by runs planned before it was stored there.
     */
    async deliverWebhook(endpointId: string, messageId: string, eventType: string, jobId: string, given?: string): Promise<string> {
      const attempt = Context.current().info.attempt;
      const body = given ?? (await readEventBody(db, messageId));
      if (body === undefined) throw ApplicationFailure.nonRetryable(`event ${messageId} has no stored body`, 'webhook_event_missing');
      const endpoint = await db('webhook_endpoints').where({ id: endpointId }).first();
      // Deleted or disabled since the plan: nothing to do (re-enabling later does not resend).
      if (!endpoint || !endpoint.enabled) {
        recordWebhookDelivery('skipped');
        return 'skipped';
      }
      let secret: string;
      try {
        secret = secrets.decrypt(endpoint.secret_encrypted);
      } catch (err) {
        if (err instanceof SecretUnreadableError) throw ApplicationFailure.nonRetryable(err.message, 'webhook_secret_unreadable');
        throw err;
      }
      const startedAt = new Date();
      const headers = signedHeaders(secret, messageId, Math.floor(startedAt.getTime() / 1000), body);
      let status: number | null = null;
      let error: string | null = null;
      try {
        status = await postWebhook(endpoint.url, headers, body, { allowPrivate: config.webhooks.allowPrivate });
        if (status < 200 || status > 299) error = `receiver answered HTTP ${status}`;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      await db('webhook_deliveries').insert({
        id: newId('webhookDelivery'),
        // The endpoint's workspace: the job may be gone by now (its delivery is not).
        workspace_id: endpoint.workspace_id,
        endpoint_id: endpointId,
        webhook_id: messageId,
        event_type: eventType,
        job_id: jobId,
        attempt,
        status_code: status,
        error,
        created_at: startedAt,
        completed_at: db.fn.now(),
      });
      const log = { job_id: jobId, workflow_id: Context.current().info.workflowExecution?.workflowId ?? jobId, endpoint_id: endpointId, webhook_id: messageId, attempt, status_code: status };
      if (error === null) {
        recordWebhookDelivery('delivered', eventTime(body));
        logger.info(log, 'webhook delivered');
        return 'delivered';
      }
      if (status === 410) {
        await db('webhook_endpoints').where({ id: endpointId }).update({ enabled: false, updated_at: db.fn.now() });
        recordWebhookDelivery('disabled');
        logger.warn(log, 'webhook receiver answered 410 Gone; endpoint disabled');
        return 'disabled';
      }
      recordWebhookDelivery('failed');
      logger.warn({ ...log, error }, 'webhook delivery failed; will retry');
      throw ApplicationFailure.retryable(error, 'webhook_delivery_failed');
    },
  };
}

/** When a planned event happened: its body's `timestamp` (the job's end), for the delivery lag. */
function eventTime(body: string): Date | null {
  try {
    const at = new Date((JSON.parse(body) as { timestamp?: unknown }).timestamp as string);
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}
