import type { JobKind } from '../src/domain/job-status.js';

// Payloads that cross the workflow boundary. Ids, counts and settings only: never file bytes,
// images or page texts, so histories stay small whatever the document's size.

export interface RetrySettings {
  /** Attempt cap of 0.3 runs (their inputs carry it; newer inputs do not: attempts are bounded by time). */
  maxAttempts?: number;
  initialIntervalMs: number;
  maxIntervalMs: number;
  timeoutMs: number;
  /** SERVICE_PROVIDER_RETRY_WINDOW_S in ms (0.4 runs; absent in runs started by 0.3). */
  windowMs?: number;
  /** In inputs before 0.7 only: SERVICE_PROVIDER_MAX_ATTEMPTS, which the activity reads from its own configuration. */
  attemptCap?: number;
  /** SERVICE_HEARTBEAT_TIMEOUT_S in ms: how soon a model call of a dead worker moves to a live one (absent in inputs of runs started before the setting: 20 s). */
  heartbeatTimeoutMs?: number;
}

export interface JobWorkflowInput {
  jobId: string;
  retry: RetrySettings;
  pageConcurrency: number;
}

/** How a job ended, as the run's steps saw it; `error` (as recorded on the job) when it failed. */
export interface JobEnd {
  /** 'completed', 'failed', 'canceled', or 'deleted' (the row was removed). */
  status: string;
  error?: { code: string; message: string };
}

/** Result of an activity that tries to record a job's outcome with a compare-and-set update. */
export type RecordOutcome = 'recorded' | 'not_running';

export interface ParsePlan {
  pagesTotal: number;
  /** One-based page numbers still to transcribe (pages already stored are skipped). */
  pendingPages: number[];
}

/** What a job's terminal event is and where it goes (activity planJobWebhooks). */
export interface WebhookPlan {
  endpointIds: string[];
  /** `webhook-id`: one per job event, the same on every retry and endpoint. */
  messageId: string;
  eventType: string;
  /**
   * Only in plans recorded before release 0.7: the bytes to send. Plans now carry ids only; the
   * body is stored in webhook_events under `messageId` and read by each delivery attempt.
   */
  body?: string;
  retry: { retryHours: number; initialIntervalMs: number; maxIntervalMs: number };
}

/** Input of deliverJobEventWorkflow: one job event and where it goes, planned by the job's run. */
export interface JobEventDelivery {
  kind: JobKind;
  jobId: string;
  plan: WebhookPlan;
}

/** Pages of an extraction job and the windows still to extract, as [firstPage, lastPage] pairs. */
export interface ExtractionWindowPlan {
  pagesTotal: number;
  windows: Array<[number, number]>;
  /** The first page of a job's page range when it is not page 1 (issue 44); windows are file page numbers. */
  firstPage?: number;
}

/** What became of one window: answer stored, cut off for length (split it), or the job stopped. */
export type WindowOutcome = 'stored' | 'truncated' | 'not_running';

/** A classification job's page count (of its range) and the pages still to classify (file page numbers). */
export interface ClassificationPlan {
  pagesTotal: number;
  pendingPages: number[];
}
