import type { JobKind } from '../kinds.js';

// The events a webhook endpoint can subscribe to: one per job kind and terminal status, and the
// review events of extraction jobs (a job entered review; its review was approved or rejected), and
// the end of a batch. An endpoint created without `events` gets the six job-end events only.
export const JOB_END_EVENTS = [
  'extraction_job.completed',
  'extraction_job.failed',
  'extraction_job.canceled',
  'parse_job.completed',
  'parse_job.failed',
  'parse_job.canceled',
] as const;
export const REVIEW_EVENTS = ['extraction_job.review_required', 'extraction_job.review_completed'] as const;
// A batch ended: every item ended (whatever its outcome: the counts say how), it was canceled, or
// its own work failed (`data.error` says why; issue 38).
export const BATCH_EVENTS = ['batch.completed', 'batch.canceled', 'batch.failed'] as const;
// Classification jobs (issue 44, docs/packets.md): subscribed by name, like the review events.
export const CLASSIFICATION_EVENTS = [
  'classification_job.completed',
  'classification_job.failed',
  'classification_job.canceled',
] as const;
export const WEBHOOK_EVENTS = [...JOB_END_EVENTS, ...REVIEW_EVENTS, ...BATCH_EVENTS, ...CLASSIFICATION_EVENTS] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];


const KIND_PREFIX: Record<JobKind, string> = { extraction: 'extraction_job', parse: 'parse_job', classification: 'classification_job', suggestion: 'schema_suggestion' };

/** The event of a job that ended with `status`, or null when the status is not a terminal one. */
export function eventFor(kind: JobKind, status: string): WebhookEvent | null {
  const type = `${KIND_PREFIX[kind]}.${status}`;
  return (WEBHOOK_EVENTS as readonly string[]).includes(type) ? (type as WebhookEvent) : null;
}

/**
 * The `webhook-id` of a job's terminal event, the same on every attempt and every endpoint:
 * `msg_<job id>_<run id>` (one per event: a retried job ends again in a new run), or `msg_<job id>`
 * for runs started before the run id was part of it.
 */
export function messageIdFor(jobId: string, runId?: string): string {
  return runId ? `msg_${jobId}_${runId.replace(/-/g, '')}` : `msg_${jobId}`;
}
