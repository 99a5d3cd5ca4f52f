import { CancellationScope, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { FINISHING, LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { splitWindow } from '../src/long-documents/windows.js';
import { forEachBounded, spareLanes } from './bounded.js';
import { asRecorded, describeFailure, isCancellation } from './job-failure.js';
import { pagesLabel, runJob, type JobView } from './job-run.js';
import { extractionJobV03 } from './legacy/v03.js';
import { extractionJobV04 } from './legacy/v04.js';
import type { JobEnd, JobWorkflowInput } from './types.js';
import { JOB_ENGINE_V04, JOB_ENGINE_V05, PACKETS_PAGE_RANGE, SETTLE_AFTER_FAILED_CANCEL } from './versions.js';

/** Claim, plan, fail and settle: short status writes, run locally (no task-queue round trip). */
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);
// Merging, validating and locating values in the text layer of a long document takes longer than
// a status write; retried like bookkeeping.
const finishing = proxyActivities<Activities>(FINISHING);

/**
 * One extraction job: claim it and plan its page windows (one local activity); a document that
 * fits one window is extracted and recorded in one activity; otherwise each window is extracted
 * in an activity of its own with bounded concurrency (each answer is stored as soon as it
 * arrives; a window cut off for length is split in half and both halves asked again), then the
 * answers are merged, validated and recorded in a step of its own. History holds page numbers
 * only, never texts or answers. Once the job has ended, its event goes to the subscribed webhook
 * endpoints and the run ends as the job did (./job-run.ts).
 */
export async function extractionJobWorkflow(input: JobWorkflowInput): Promise<string> {
  if (patched(JOB_ENGINE_V05)) return runJob('extraction', input.jobId, (view) => extractionSteps(input, view));
  if (!patched(JOB_ENGINE_V04)) return extractionJobV03(input);
  return extractionJobV04(input);
}

async function extractionSteps(input: JobWorkflowInput, view: JobView): Promise<JobEnd> {
  const { jobId } = input;
  const { extractWindow, extractSingleWindow } = proxyActivities<Activities>(modelCallOptions(input.retry));
  // The job's bound on requests at the model, told to every window activity; spare lanes prepare
  // the next requests while the others are at the model (spareLanes).
  const modelSlots = input.pageConcurrency;
  const runWindow = async ([first, last]: [number, number], label: string): Promise<void> => {
    const summary = `${label} · ${pagesLabel(first, last)}`;
    const outcome = await extractWindow.executeWithOptions({ summary }, [jobId, first, last, modelSlots]);
    if (outcome === 'stored') view.stored(last - first + 1);
    if (outcome !== 'truncated') return;
    // Never the identical request again: it would be cut off again. (A single page fails instead.)
    const halves = splitWindow([first, last]) ?? [];
    for (const [i, half] of halves.entries()) await runWindow(half, `${label}${'ab'[i]}`);
  };
  try {
    const plan = await local.claimAndPlanExtraction(jobId);
    if (plan === 'not_running') return await settle(jobId);
    const planned = plan.windows.reduce((n, [first, last]) => n + last - first + 1, 0);
    view.running(plan.pagesTotal, plan.pagesTotal - planned);
    const first = plan.firstPage !== undefined && patched(PACKETS_PAGE_RANGE) ? plan.firstPage : 1;
    const whole = plan.windows.length === 1 && plan.windows[0]![0] === first && plan.windows[0]![1] === first + plan.pagesTotal - 1 ? plan.windows[0]! : undefined;
    if (whole) {
      const summary = `whole document · ${pagesLabel(whole[0], whole[1])}`;
      const outcome = await extractSingleWindow.executeWithOptions({ summary }, [jobId, whole[0], whole[1]]);
      if (outcome === 'recorded') {
        view.stored(whole[1] - whole[0] + 1);
        return { status: 'completed' };
      }
      if (outcome === 'not_running') return await settle(jobId);
      // Cut off for length: split it as any other window, then merge the halves below.
      for (const [i, half] of (splitWindow(whole) ?? []).entries()) await runWindow(half, `window 1${'ab'[i]}`);
    } else {
      const numbered = plan.windows.map((w, i) => ({ w, label: `window ${i + 1}` }));
      await forEachBounded(numbered, modelSlots + spareLanes(modelSlots), ({ w, label }) => runWindow(w, label));
    }
    const finished = await finishing.finishExtraction.executeWithOptions({ summary: 'merge, validate and record the result' }, [jobId]);
    if (finished === 'not_running') return await settle(jobId);
    return { status: 'completed' };
  } catch (err) {
    if (isCancellation(err)) return await settle(jobId);
    // Asked to stop while an attempt was failing: the activity ended failed, not canceled.
    if (CancellationScope.current().consideredCancelled && patched(SETTLE_AFTER_FAILED_CANCEL)) return await settle(jobId);
    const failure = describeFailure(err);
    if ((await local.failJob('extraction', jobId, failure)) === 'not_running') return await settle(jobId);
    return { status: 'failed', error: asRecorded(failure) };
  }
}

/** Finish a job that was asked to stop (canceling → canceled, deleting → row removed). */
async function settle(jobId: string): Promise<JobEnd> {
  return { status: await CancellationScope.nonCancellable(() => local.settleStoppedJob('extraction', jobId)) };
}
