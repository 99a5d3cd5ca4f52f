import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { BatchSliceOutcome, BatchWorkflowInput } from './batch-types.js';

// One workflow per batch (the sliding window of temporalio/samples-typescript batch-sliding-window,
// with the window's state in Postgres instead of in history). Each slice is one activity that keeps
// up to `concurrency` item jobs in flight for a while: it moves the batch's cursor, starts the next
// items' own workflows (on the batch task queue) and waits for items to end, heartbeating. History
// holds the batch id and one activity per slice, nothing per item; after SLICES_PER_RUN slices the
// run continues as new, so a batch of any size keeps each run's history small.

/** How long one slice works before it reports back (seconds); a crashed worker is noticed by heartbeat. */
const SLICE_SECONDS = 60;
/** Slices per run before continue-as-new: ~6 events each, so a run stays far below 2,000 events. */
export const SLICES_PER_RUN = 100;

const { runBatchSlice } = proxyActivities<Activities>({
  startToCloseTimeout: `${SLICE_SECONDS + 60} seconds`,
  heartbeatTimeout: '20 seconds',
  // Postgres or Temporal trouble: the slice is retried (the next attempt finishes an interrupted hand-out).
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

const { notifyBatchEnded } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
});

export async function batchWorkflow(input: BatchWorkflowInput): Promise<BatchSliceOutcome> {
  let requeueFailed = input.requeueFailed ?? false;
  for (let slice = 0; slice < SLICES_PER_RUN; slice++) {
    const outcome = await runBatchSlice(input.batchId, { requeueFailed, sliceMs: SLICE_SECONDS * 1000 });
    requeueFailed = false;
    if (outcome !== 'running') {
      if (outcome === 'completed' || outcome === 'canceled') await notifyBatchEnded(input.batchId, outcome, workflowInfo().runId);
      return outcome;
    }
    if (workflowInfo().continueAsNewSuggested) break;
  }
  return continueAsNew<typeof batchWorkflow>({ batchId: input.batchId });
}
