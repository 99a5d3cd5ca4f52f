import { CancellationScope, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING, LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { splitWindow } from '../src/long-documents/windows.js';
import { forEachBounded, spareLanes } from './bounded.js';
import { describeFailure, isCancellation } from './job-failure.js';
import { extractionJobV03 } from './legacy/v03.js';
import type { ExtractionWindowPlan, JobWorkflowInput } from './types.js';
import { notifyJobEnded } from './notify.js';
import { EXTRACTION_SINGLE_WINDOW, JOB_ENGINE_V04, MODEL_SLOTS } from './versions.js';

const jobs = proxyActivities<Activities>(BOOKKEEPING);
/** Claim, fail and settle: short status writes, run locally (no task-queue round trip). */
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);
// Merging, validating and locating values in the text layer of a long document takes longer than
// a status write; retried like bookkeeping.
const finishing = proxyActivities<Activities>({ ...BOOKKEEPING, startToCloseTimeout: '10 minutes', scheduleToCloseTimeout: '1 hour' });

/**
 * One extraction job: claim it, plan its page windows, extract each window in an activity of its
 * own with bounded concurrency (each answer is stored as soon as it arrives; a window cut off for
 * length is split in half and both halves asked again), then merge, validate and record the
 * result in a step of its own. History holds [firstPage, lastPage] pairs only, never answers.
 * Under EXTRACTION_SINGLE_WINDOW the job is claimed and planned in one local activity, and a
 * document that fits one window is extracted and recorded in one activity: one task-queue round
 * trip for the whole job.
 * Once the job has ended, its event goes to the subscribed webhook endpoints.
 */
export async function extractionJobWorkflow(input: JobWorkflowInput): Promise<string> {
  if (!patched(JOB_ENGINE_V04)) return extractionJobV03(input);
  const outcome = await extractionJobV04(input);
  await notifyJobEnded('extraction', input.jobId, outcome);
  return outcome;
}

async function extractionJobV04(input: JobWorkflowInput): Promise<string> {
  const { extractWindow, extractSingleWindow } = proxyActivities<Activities>(modelCallOptions(input.retry));
  // Under MODEL_SLOTS: the job's bound on requests at the model, told to every window activity.
  let modelSlots: number | undefined;
  const runWindow = async ([first, last]: [number, number]): Promise<void> => {
    const outcome = modelSlots === undefined ? await extractWindow(input.jobId, first, last) : await extractWindow(input.jobId, first, last, modelSlots);
    if (outcome !== 'truncated') return;
    // Never the identical request again: it would be cut off again. (A single page fails instead.)
    for (const half of splitWindow([first, last]) ?? []) await runWindow(half);
  };
  try {
    const fastPath = patched(EXTRACTION_SINGLE_WINDOW);
    const plan = fastPath ? await local.claimAndPlanExtraction(input.jobId) : await claimThenPlan(input.jobId);
    if (plan === 'not_running') return await settle(input.jobId);
    const whole = plan.windows.length === 1 && plan.windows[0]![0] === 1 && plan.windows[0]![1] === plan.pagesTotal ? plan.windows[0]! : undefined;
    if (fastPath && whole) {
      const outcome = await extractSingleWindow(input.jobId, whole[0], whole[1]);
      if (outcome === 'recorded') return 'completed';
      if (outcome === 'not_running') return await settle(input.jobId);
      // Cut off for length: split it as any other window, then merge the halves below.
      for (const half of splitWindow(whole) ?? []) await runWindow(half);
    } else {
      if (patched(MODEL_SLOTS)) modelSlots = input.pageConcurrency;
      const lanes = input.pageConcurrency + (modelSlots === undefined ? 0 : spareLanes(modelSlots));
      await forEachBounded(plan.windows, lanes, runWindow);
    }
    if ((await finishing.finishExtraction(input.jobId)) === 'not_running') {
      return await settle(input.jobId);
    }
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle(input.jobId);
    const failure = describeFailure(err);
    if ((await local.failJob('extraction', input.jobId, failure)) === 'not_running') {
      return await settle(input.jobId);
    }
    return 'failed';
  }
}

/** The steps before EXTRACTION_SINGLE_WINDOW: claim (local), then plan in an activity of its own. */
async function claimThenPlan(jobId: string): Promise<ExtractionWindowPlan | 'not_running'> {
  if ((await local.claimJob('extraction', jobId)) === 'not_running') return 'not_running';
  return jobs.planExtractionWindows(jobId);
}

/** Finish a job that was asked to stop (canceling → canceled, deleting → row removed). */
function settle(jobId: string): Promise<string> {
  return CancellationScope.nonCancellable(() => local.settleStoppedJob('extraction', jobId));
}
