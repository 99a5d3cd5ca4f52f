// Review events of extraction jobs (`extraction_job.review_required` when a job enters `pending`,
// `extraction_job.review_completed` when its review is approved or rejected), delivered by the same
// workflow as the job-end events (deliverJobEventWorkflow), signed the same way. Planned and started
// from where the review changed: the worker's end-of-job planning for review_required, the API's
// approve and reject for review_completed.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import { readJobWithoutResult } from '../domain/job-reads.js';
import type { Db } from '../storage/db.js';
import type { JobEventDelivery, WebhookPlan } from '../../workflows/types.js';
import type { REVIEW_EVENTS } from './events.js';

export type ReviewEvent = (typeof REVIEW_EVENTS)[number];

/** Workflow type of one event's deliveries (workflows/notify.ts). */
const DELIVERY_WORKFLOW = 'deliverJobEventWorkflow';

/**
 * The plan of a review event of an extraction job: the enabled endpoints subscribed to it and the
 * body (the job as GET returns it, without `result`). Null when nobody is subscribed or the job is gone.
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
  return {
    endpointIds: endpoints.map((e) => e.id as string),
    messageId,
    eventType,
    body: JSON.stringify({ type: eventType, timestamp: review?.updated_at ?? new Date().toISOString(), data }),
    retry: config.webhooks,
  };
}

/** Start the deliveries of a planned event; a second start of the same event is a no-op. */
export async function startReviewEventDelivery(temporal: Client, taskQueue: string, jobId: string, plan: WebhookPlan): Promise<void> {
  const input: JobEventDelivery = { kind: 'extraction', jobId, plan };
  try {
    await temporal.workflow.start(DELIVERY_WORKFLOW, {
      workflowId: `${jobId}-webhooks-${plan.messageId}`,
      taskQueue,
      args: [input],
      memo: { job_kind: 'extraction', job_id: jobId, event: plan.eventType },
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/** The `webhook-id` of a review event: one per job and review revision (a revision changes once). */
export function reviewMessageId(jobId: string, eventType: ReviewEvent, revision: number): string {
  return `msg_${jobId}_${eventType === 'extraction_job.review_required' ? 'review_required' : 'review_completed'}_${revision}`;
}
