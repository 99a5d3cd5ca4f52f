import { CancellationScope, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { describeFailure, isCancellation } from './job-failure.js';
import { extractionJobV03 } from './legacy/v03.js';
import type { JobWorkflowInput } from './types.js';
import { notifyJobEnded } from './notify.js';
import { JOB_ENGINE_V04 } from './versions.js';

/** Claim, fail and settle: short status writes, run locally (no task-queue round trip). */
const jobs = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);

/**
 * One extraction job: claim it, extract (model calls, validation and the result write happen in
 * the activity), and settle it as failed or canceled when that does not succeed.
 */
export async function extractionJobWorkflow(input: JobWorkflowInput): Promise<string> {
  if (!patched(JOB_ENGINE_V04)) return extractionJobV03(input);
  const outcome = await extractionJobV04(input);
  await notifyJobEnded('extraction', input.jobId, outcome);
  return outcome;
}

async function extractionJobV04(input: JobWorkflowInput): Promise<string> {
  const { extractDocument } = proxyActivities<Activities>(modelCallOptions(input.retry));
  try {
    if ((await jobs.claimJob('extraction', input.jobId)) === 'not_running') {
      return await settle(input.jobId);
    }
    if ((await extractDocument(input.jobId)) === 'not_running') {
      return await settle(input.jobId);
    }
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle(input.jobId);
    const failure = describeFailure(err);
    if ((await jobs.failJob('extraction', input.jobId, failure)) === 'not_running') {
      return await settle(input.jobId);
    }
    return 'failed';
  }
}

/** Finish a job that was asked to stop (canceling → canceled, deleting → row removed). */
function settle(jobId: string): Promise<string> {
  return CancellationScope.nonCancellable(() => jobs.settleStoppedJob('extraction', jobId));
}
