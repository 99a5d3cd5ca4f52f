// Payloads that cross the workflow boundary. Ids, counts and settings only: never file bytes,
// images or page texts, so histories stay small whatever the document's size.

export interface RetrySettings {
  maxAttempts: number;
  initialIntervalMs: number;
  maxIntervalMs: number;
  timeoutMs: number;
}

export interface JobWorkflowInput {
  jobId: string;
  retry: RetrySettings;
  pageConcurrency: number;
}

/** Result of an activity that tries to record a job's outcome with a compare-and-set update. */
export type RecordOutcome = 'recorded' | 'not_running';

export interface ParsePlan {
  pagesTotal: number;
  /** One-based page numbers still to transcribe (pages already stored are skipped). */
  pendingPages: number[];
}

/** Pages of an extraction job and the windows still to extract, as [firstPage, lastPage] pairs. */
export interface ExtractionWindowPlan {
  pagesTotal: number;
  windows: Array<[number, number]>;
}

/** What became of one window: answer stored, cut off for length (split it), or the job stopped. */
export type WindowOutcome = 'stored' | 'truncated' | 'not_running';
