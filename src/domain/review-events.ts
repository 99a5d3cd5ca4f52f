// Review events of extraction jobs (`extraction_job.review_required` when a job enters `pending`,
// `extraction_job.review_completed` when its review is approved or rejected), delivered by the same
// workflow as the job-end events (deliverJobEventWorkflow), signed the same way. Planned and started
// from where the review changed: the worker's end-of-job planning for review_required, the API's
// approve and reject for review_completed.
import type { Config } from '../config/index.js';
import { readJobWithoutResult } from './job-reads.js';
import { storeEventBody } from '../storage/webhook-events.js';
import type { Db } from '../storage/db.js';
import type { WebhookPlan } from '../temporal/job-event-delivery.js';
import type { REVIEW_EVENTS } from '../webhooks/events.js';

export type ReviewEvent = (typeof REVIEW_EVENTS)[number];

/**
 * The plan of a review event of an extraction job: the enabled endpoints subscribed to it and the
 * body (the job as GET returns it, without `result`), stored in webhook_events under `messageId` so
 * the plan, which travels through workflow history, carries ids only. Null when nobody is subscribed
 * or the job is gone.
 */
export async function planReviewEvent(
  db: Db,
  config: Pick<Config, 'webhooks'>,
  jobId: string,
  eventType: ReviewEvent,
  messageId: string,
): Promise<WebhookPlan | null> {
  const endpoints = await db('webhook_endpoints')
    .where({ enabled: true })
    .whereRaw('events @> ?::jsonb', [JSON.stringify([eventType])])
    .orderBy('id')
    .select('id');
  if (endpoints.length === 0) return null;
  const data = await readJobWithoutResult(db, 'extraction', jobId);
  if (!data) return null;
  const review = (data as { review?: { updated_at?: string } | null }).review;
  const body = JSON.stringify({ type: eventType, timestamp: review?.updated_at ?? new Date().toISOString(), data });
  await storeEventBody(db, { messageId, jobId, eventType, body });
  return { endpointIds: endpoints.map((e) => e.id as string), messageId, eventType, retry: config.webhooks };
}

/** The `webhook-id` of a review event: one per job and review revision (a revision changes once). */
export function reviewMessageId(jobId: string, eventType: ReviewEvent, revision: number): string {
  return `msg_${jobId}_${eventType === 'extraction_job.review_required' ? 'review_required' : 'review_completed'}_${revision}`;
}
