import { ApplicationFailure, Context } from '@temporalio/activity';
import { getExtractionJob } from '../src/domain/extraction-jobs.js';
import { newId } from '../src/domain/ids.js';
import { JOB_TABLES, type JobKind } from '../src/domain/job-status.js';
import { toParseJobResponse } from '../src/domain/parse-jobs.js';
import { SecretUnreadableError } from '../src/storage/secrets.js';
import { eventFor, messageIdFor } from '../src/webhooks/events.js';
import { postWebhook } from '../src/webhooks/send.js';
import { signedHeaders } from '../src/webhooks/signature.js';
import type { WebhookPlan } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';

// Webhook delivery, run by a job's workflow after the job's terminal status is committed.

export function webhookActivities({ db, config, secrets, logger }: ResolvedActivityDeps) {
  return {
    /**
     * The job's terminal event, its body (the job as GET returns it, without `result`: small on
     * purpose, the result is one GET away) and the enabled endpoints subscribed to it. The body is
     * built once here, so every endpoint and every retry sends the same bytes, even if the job is
     * deleted while a receiver is down.
     */
    async planJobWebhooks(kind: JobKind, jobId: string): Promise<WebhookPlan> {
      const retry = config.webhooks;
      const none = { endpointIds: [], messageId: messageIdFor(jobId), eventType: '', body: '', retry };
      const row = await db(JOB_TABLES[kind]).where({ id: jobId }).first();
      const eventType = row ? eventFor(kind, row.status) : null;
      if (!row || !eventType) return none;
      const endpoints = await db('webhook_endpoints')
        .where({ enabled: true })
        .whereRaw('events @> ?::jsonb', [JSON.stringify([eventType])])
        .orderBy('id')
        .select('id');
      if (endpoints.length === 0) return none;
      let data: Record<string, unknown>;
      if (kind === 'extraction') {
        // As GET returns it (progress is counted from the stored windows).
        data = { ...(await getExtractionJob(db, jobId)) };
      } else {
        const [{ count }] = await db('parse_pages').where({ job_id: jobId }).count({ count: '*' });
        data = toParseJobResponse(row, undefined, Number(count));
      }
      delete data.result;
      const timestamp = new Date(row.completed_at ?? Date.now()).toISOString();
      return {
        endpointIds: endpoints.map((e) => e.id as string),
        messageId: messageIdFor(jobId),
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
      const log = { job_id: jobId, workflow_id: jobId, endpoint_id: endpointId, webhook_id: messageId, attempt, status_code: status };
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
