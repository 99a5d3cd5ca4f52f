import { CancellationScope, continueAsNew, patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { BatchSliceOutcome, BatchWorkflowInput } from './batch-types.js';
import { describeFailure } from './job-failure.js';
import { endRunAs, showRunStatus } from './run-end.js';
import { ENGINE_BATCH_OUTCOME, HARDENING_BATCH_FAILURE } from './versions.js';

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
/** Since ENGINE_BATCH_OUTCOME: the slice's heartbeat timeout (it beats every SLICE_BEAT_EVERY_MS). */
const SLICE_HEARTBEAT_TIMEOUT = '2 seconds';

const { notifyBatchEnded, failBatch } = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
});

export async function batchWorkflow(input: BatchWorkflowInput): Promise<BatchSliceOutcome> {
  if (patched(ENGINE_BATCH_OUTCOME)) return runBatch(input);
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

/**
 * The batch's run since ENGINE_BATCH_OUTCOME: the same slices, each shielded from a cancel of the
 * run (the batch's row says it is canceling; its slice stops the items and settles it), then the
 * run ends as the batch did (./run-end.ts): Canceled when it was canceled or deleted through the
 * API (which asks Temporal to cancel the run too), Failed when its work failed for good (since
 * HARDENING_BATCH_FAILURE), completed otherwise. Its status search
 * attribute follows the batch; each slice carries a summary.
 */
async function runBatch(input: BatchWorkflowInput): Promise<BatchSliceOutcome> {
  const sliceMs = input.sliceMs ?? DEFAULT_SLICE_MS;
  const slicesPerRun = input.slicesPerRun ?? DEFAULT_SLICES_PER_RUN;
  const { runBatchSlice } = proxyActivities<Activities>({
    startToCloseTimeout: sliceMs + 60_000,
    // The slice beats on a timer (activities/batches.ts): a worker that dies is noticed within
    // seconds and the slice moves to a live worker at once, not after 20 s of a stalled batch.
    heartbeatTimeout: SLICE_HEARTBEAT_TIMEOUT,
    retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
  });
  const cancelRequested = () => CancellationScope.current().consideredCancelled;
  showRunStatus('running');
  let requeueFailed = input.requeueFailed ?? false;
  // A run asked to cancel keeps slicing (no continue-as-new, which would drop the request) until
  // its slice has settled the batch.
  for (let slice = 0; slice < slicesPerRun || cancelRequested(); slice++) {
    const opts = { requeueFailed, sliceMs, resumeHandOut: slice === 0 && input.resumeHandOut === true };
    const summary = `slice ${slice + 1}${cancelRequested() ? ' · stopping the items' : ''}`;
    let outcome: BatchSliceOutcome;
    try {
      outcome = await CancellationScope.nonCancellable(() => runBatchSlice.executeWithOptions({ summary }, [input.batchId, opts]));
    } catch (err) {
      // HARDENING_BATCH_FAILURE: a slice that failed for good (the retry policy has no bound but the
      // worker's interceptor ends an unfixable error after a few attempts) fails the batch, which
      // stops its items; before it, the run failed and left the batch `running`.
      if (!patched(HARDENING_BATCH_FAILURE)) throw err;
      outcome = await CancellationScope.nonCancellable(() => failBatch(input.batchId, describeFailure(err)));
    }
    requeueFailed = false;
    if (outcome !== 'running') {
      if (outcome === 'completed' || outcome === 'canceled' || outcome === 'failed') {
        await CancellationScope.nonCancellable(() => notifyBatchEnded(input.batchId, outcome, workflowInfo().runId));
      }
      return endRunAs('batch', outcome) as BatchSliceOutcome;
    }
    if (workflowInfo().continueAsNewSuggested && !cancelRequested()) break;
  }
  return continueAsNew<typeof batchWorkflow>({ batchId: input.batchId, sliceMs, slicesPerRun });
}
