import { CancellationScope, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING, LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { forEachBounded, spareLanes } from './bounded.js';
import { describeFailure, isCancellation } from './job-failure.js';
import { parseJobV03 } from './legacy/v03.js';
import type { JobWorkflowInput } from './types.js';
import { notifyJobEnded } from './notify.js';
import { JOB_ENGINE_V04, MODEL_SLOTS } from './versions.js';

const jobs = proxyActivities<Activities>(BOOKKEEPING);
/** Claim, fail, complete and settle: short status writes, run locally (no task-queue round trip). */
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);

/**
 * One parse job: claim it, plan the pages, transcribe each page in its own activity with bounded
 * concurrency (each page is stored as soon as it is done), then complete the job.
 */
export async function parseJobWorkflow(input: JobWorkflowInput): Promise<string> {
  if (!patched(JOB_ENGINE_V04)) return parseJobV03(input);
  const outcome = await parseJobV04(input);
  await notifyJobEnded('parse', input.jobId, outcome);
  return outcome;
}

async function parseJobV04(input: JobWorkflowInput): Promise<string> {
  const { transcribePage } = proxyActivities<Activities>(modelCallOptions(input.retry));
  try {
    if ((await local.claimJob('parse', input.jobId)) === 'not_running') return await settle(input.jobId);
    const plan = await jobs.planParseJob(input.jobId);
    if (patched(MODEL_SLOTS)) {
      // Spare page activities prepare their requests while the others are at the model (MODEL_SLOTS).
      const slots = input.pageConcurrency;
      await forEachBounded(plan.pendingPages, slots + spareLanes(slots), (page) => transcribePage(input.jobId, page, slots));
    } else {
      await forEachBounded(plan.pendingPages, input.pageConcurrency, (page) => transcribePage(input.jobId, page));
    }
    if ((await local.completeParseJob(input.jobId)) === 'not_running') return await settle(input.jobId);
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle(input.jobId);
    if ((await local.failJob('parse', input.jobId, describeFailure(err))) === 'not_running') {
      return await settle(input.jobId);
    }
    return 'failed';
  }
}

function settle(jobId: string): Promise<string> {
  return CancellationScope.nonCancellable(() => local.settleStoppedJob('parse', jobId));
}
