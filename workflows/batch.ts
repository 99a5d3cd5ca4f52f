import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { BatchSliceOutcome, BatchWorkflowInput } from './batch-types.js';

// One workflow per batch (the sliding window of temporalio/samples-typescript batch-sliding-window,
// with the window's state in Postgres instead of in history). Each slice is one activity that keeps
// up to `concurrency` item jobs in flight for a while: it moves the batch's cursor, starts the next
// items' own workflows (on the batch task queue) and waits for items to end, heartbeating. History
// holds the batch id and one activity per slice, nothing per item; after `slicesPerRun` slices the
// run continues as new, so a batch of any size keeps each run's history small.

/** Defaults when the input does not say (SERVICE_BATCH_SLICE_MS, SERVICE_BATCH_SLICES_PER_RUN). */
const DEFAULT_SLICE_MS = 60_000;
/** ~6 events a slice: a run stays far below 2,000 events. */
const DEFAULT_SLICES_PER_RUN = 100;

const { notifyBatchEnded } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
});

export async function batchWorkflow(input: BatchWorkflowInput): Promise<BatchSliceOutcome> {
  const sliceMs = input.sliceMs ?? DEFAULT_SLICE_MS;
  const slicesPerRun = input.slicesPerRun ?? DEFAULT_SLICES_PER_RUN;
  const { runBatchSlice } = proxyActivities<Activities>({
    startToCloseTimeout: sliceMs + 60_000,
    heartbeatTimeout: '20 seconds',
    // Postgres or Temporal trouble: the slice is retried (the next attempt finishes an interrupted hand-out).
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
  });
  let requeueFailed = input.requeueFailed ?? false;
  for (let slice = 0; slice < slicesPerRun; slice++) {
    // A run started by recovery (Temporal lost the batch's state, and maybe its items' runs) first
    // starts again the items handed out but still queued (a start of an open run is refused).
    const outcome = await runBatchSlice(input.batchId, { requeueFailed, sliceMs, resumeHandOut: slice === 0 && input.resumeHandOut === true });
    requeueFailed = false;
    if (outcome !== 'running') {
      if (outcome === 'completed' || outcome === 'canceled') await notifyBatchEnded(input.batchId, outcome, workflowInfo().runId);
      return outcome;
    }
    if (workflowInfo().continueAsNewSuggested) break;
  }
  return continueAsNew<typeof batchWorkflow>({ batchId: input.batchId, sliceMs, slicesPerRun });
}
