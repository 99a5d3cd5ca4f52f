// The job workflows as releases 0.4 to 0.6 ran them (behind JOB_ENGINE_V04, with the markers added
// on that path since), frozen. Runs started by those releases replay through this code (see
// ../versions.ts); never edit it: a change here breaks runs already in flight. They end by
// returning their job's outcome as a string ('completed', 'failed', 'canceled', 'deleted').
import { CancellationScope, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { BOOKKEEPING, FINISHING, LOCAL_BOOKKEEPING, modelCallOptionsV04 } from '../activity-options.js';
import { splitWindow } from '../../src/long-documents/windows.js';
import { forEachBounded, spareLanes } from '../bounded.js';
import { describeFailure, isCancellation } from '../job-failure.js';
import type { ExtractionWindowPlan, JobWorkflowInput } from '../types.js';
import { notifyJobEnded } from '../notify.js';
import { EXTRACTION_SINGLE_WINDOW, MODEL_SLOTS } from '../versions.js';

const jobs = proxyActivities<Activities>(BOOKKEEPING);
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);
const finishing = proxyActivities<Activities>(FINISHING);

export async function extractionJobV04(input: JobWorkflowInput): Promise<string> {
  const outcome = await extractionSteps(input);
  await notifyJobEnded('extraction', input.jobId, outcome);
  return outcome;
}

export async function parseJobV04(input: JobWorkflowInput): Promise<string> {
  const outcome = await parseSteps(input);
  await notifyJobEnded('parse', input.jobId, outcome);
  return outcome;
}

async function extractionSteps(input: JobWorkflowInput): Promise<string> {
  const { extractWindow, extractSingleWindow } = proxyActivities<Activities>(modelCallOptionsV04(input.retry));
  let modelSlots: number | undefined;
  const runWindow = async ([first, last]: [number, number]): Promise<void> => {
    const outcome = modelSlots === undefined ? await extractWindow(input.jobId, first, last) : await extractWindow(input.jobId, first, last, modelSlots);
    if (outcome !== 'truncated') return;
    for (const half of splitWindow([first, last]) ?? []) await runWindow(half);
  };
  const settle = () => settleStopped('extraction', input.jobId);
  try {
    const fastPath = patched(EXTRACTION_SINGLE_WINDOW);
    const plan = fastPath ? await local.claimAndPlanExtraction(input.jobId) : await claimThenPlan(input.jobId);
    if (plan === 'not_running') return await settle();
    const whole = plan.windows.length === 1 && plan.windows[0]![0] === 1 && plan.windows[0]![1] === plan.pagesTotal ? plan.windows[0]! : undefined;
    if (fastPath && whole) {
      const outcome = await extractSingleWindow(input.jobId, whole[0], whole[1]);
      if (outcome === 'recorded') return 'completed';
      if (outcome === 'not_running') return await settle();
      for (const half of splitWindow(whole) ?? []) await runWindow(half);
    } else {
      if (patched(MODEL_SLOTS)) modelSlots = input.pageConcurrency;
      const lanes = input.pageConcurrency + (modelSlots === undefined ? 0 : spareLanes(modelSlots));
      await forEachBounded(plan.windows, lanes, runWindow);
    }
    if ((await finishing.finishExtraction(input.jobId)) === 'not_running') return await settle();
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle();
    if ((await local.failJob('extraction', input.jobId, describeFailure(err))) === 'not_running') return await settle();
    return 'failed';
  }
}

async function claimThenPlan(jobId: string): Promise<ExtractionWindowPlan | 'not_running'> {
  if ((await local.claimJob('extraction', jobId)) === 'not_running') return 'not_running';
  return jobs.planExtractionWindows(jobId);
}

async function parseSteps(input: JobWorkflowInput): Promise<string> {
  const { transcribePage } = proxyActivities<Activities>(modelCallOptionsV04(input.retry));
  const settle = () => settleStopped('parse', input.jobId);
  try {
    if ((await local.claimJob('parse', input.jobId)) === 'not_running') return await settle();
    const plan = await jobs.planParseJob(input.jobId);
    if (patched(MODEL_SLOTS)) {
      const slots = input.pageConcurrency;
      await forEachBounded(plan.pendingPages, slots + spareLanes(slots), (page) => transcribePage(input.jobId, page, slots));
    } else {
      await forEachBounded(plan.pendingPages, input.pageConcurrency, (page) => transcribePage(input.jobId, page));
    }
    if ((await local.completeParseJob(input.jobId)) === 'not_running') return await settle();
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle();
    if ((await local.failJob('parse', input.jobId, describeFailure(err))) === 'not_running') return await settle();
    return 'failed';
  }
}

function settleStopped(kind: 'extraction' | 'parse', jobId: string): Promise<string> {
  return CancellationScope.nonCancellable(() => local.settleStoppedJob(kind, jobId));
}
