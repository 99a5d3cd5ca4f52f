import { ApplicationFailure, Context } from '@temporalio/activity';
import { newId } from '../src/domain/ids.js';
import { readJobWithoutResult } from '../src/domain/job-reads.js';
import { JOB_TABLES, type JobKind } from '../src/domain/job-status.js';
import { SecretUnreadableError } from '../src/storage/secrets.js';
import { eventFor, messageIdFor } from '../src/webhooks/events.js';
import { planReviewEvent, reviewMessageId, startReviewEventDelivery } from '../src/webhooks/review-events.js';
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
    const row = await db('extraction_jobs').where({ id: jobId, status: 'completed' }).first(db.raw("review->>'status' as review_status"), db.raw("(review->>'revision')::int as revision"));
    if (!row || row.review_status !== 'pending' || row.revision !== 1) return;
    const eventType = 'extraction_job.review_required';
    const plan = await planReviewEvent(db, config, jobId, eventType, reviewMessageId(jobId, eventType, 1));
    if (!plan) return;
    const ctx = Context.current();
    await startReviewEventDelivery(ctx.client, ctx.info.taskQueue, jobId, plan);
  }

  return {
    /**
     * The job's terminal event, its body (the job as GET returns it, without `result`: small on
     * purpose, the result is one GET away) and the enabled endpoints subscribed to it. The body is
     * built once here, so every endpoint and every retry sends the same bytes, even if the job is
     * deleted or retried while a receiver is down. Cheap when nobody is subscribed (most jobs):
     * two short reads. `runId` (runs since WEBHOOKS_CHILD_WORKFLOW) makes the `webhook-id` one per
     * run's event, so the event of a retried job's new run is not taken for a repeat.
     */
    async planJobWebhooks(kind: JobKind, jobId: string, runId?: string): Promise<WebhookPlan> {
      const retry = config.webhooks;
      const messageId = messageIdFor(jobId, runId);
      const none = { endpointIds: [], messageId, eventType: '', body: '', retry };
      if (kind === 'extraction') {
        await announceReviewRequired(jobId).catch((err) =>
          logger.warn({ job_id: jobId, err: String(err) }, 'could not start the delivery of extraction_job.review_required'),
        );
      }
      const row = await db(JOB_TABLES[kind]).where({ id: jobId }).first('status');
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
      return {
        endpointIds: endpoints.map((e) => e.id as string),
        messageId,
        eventType,
        body: JSON.stringify({ type: eventType, timestamp, data }),
        retry,
      };
    },

    /**
     * One attempt to deliver an event to one endpoint, recorded in webhook_deliveries. 2xx: done;
     * 410: the receiver is gone, the endpoint is disabled; anything else (other statuses, network
     * errors, 10 s without an answer, a refused address) throws and Temporal retries with backoff.
     * The receiver's body is never read into memory or logged.
     */
    async deliverWebhook(endpointId: string, messageId: string, eventType: string, jobId: string, body: string): Promise<string> {
      const attempt = Context.current().info.attempt;
      const endpoint = await db('webhook_endpoints').where({ id: endpointId }).first();
      // Deleted or disabled since the plan: nothing to do (re-enabling later does not resend).
      if (!endpoint || !endpoint.enabled) return 'skipped';
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
        logger.info(log, 'webhook delivered');
        return 'delivered';
      }
      if (status === 410) {
        await db('webhook_endpoints').where({ id: endpointId }).update({ enabled: false, updated_at: db.fn.now() });
        logger.warn(log, 'webhook receiver answered 410 Gone; endpoint disabled');
        return 'disabled';
      }
      logger.warn({ ...log, error }, 'webhook delivery failed; will retry');
      throw ApplicationFailure.retryable(error, 'webhook_delivery_failed');
    },
  };
}
