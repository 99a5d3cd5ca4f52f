// Types shared by the batch workflow, its activities and the API that starts it.

/** A batch workflow's input: the batch's id only (everything else is read from Postgres). */
export interface BatchWorkflowInput {
  batchId: string;
  /** A retry's first slice puts the batch's failed items back in the queue. */
  requeueFailed?: boolean;
  /** Started by recovery: the first slice starts again the items handed out but still queued. */
  resumeHandOut?: boolean;
  /** How long one slice works (ms) and slices per run before continue-as-new (SERVICE_BATCH_SLICE_MS, SERVICE_BATCH_SLICES_PER_RUN). */
  sliceMs?: number;
  slicesPerRun?: number;
}

/** What one slice of a batch's work came to: still running, or how the batch ended. */
export type BatchSliceOutcome = 'running' | 'completed' | 'canceled' | 'failed' | 'deleted';
