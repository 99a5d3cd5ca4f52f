import { CancellationScope, patched, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING, LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { forEachBounded, spareLanes } from './bounded.js';
import { asRecorded, describeFailure, isCancellation } from './job-failure.js';
import { runJob, type JobView } from './job-run.js';
import { parseJobV03 } from './legacy/v03.js';
import { parseJobV04 } from './legacy/v04.js';
import type { JobEnd, JobWorkflowInput } from './types.js';
import { JOB_ENGINE_V04, JOB_ENGINE_V05, SETTLE_AFTER_FAILED_CANCEL } from './versions.js';

const jobs = proxyActivities<Activities>(BOOKKEEPING);
/** Claim, fail, complete and settle: short status writes, run locally (no task-queue round trip). */
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);

/**
 * One parse job: claim it, plan the pages, transcribe each page in its own activity with bounded
 * concurrency (each page is stored as soon as it is done; spare activities prepare their requests
 * while the others are at the model), then complete the job. Once the job has ended, its event
 * goes to the subscribed webhook endpoints and the run ends as the job did (./job-run.ts).
 */
export async function parseJobWorkflow(input: JobWorkflowInput): Promise<string> {
  if (patched(JOB_ENGINE_V05)) return runJob('parse', input.jobId, (view) => parseSteps(input, view));
  if (!patched(JOB_ENGINE_V04)) return parseJobV03(input);
  return parseJobV04(input);
}

async function parseSteps(input: JobWorkflowInput, view: JobView): Promise<JobEnd> {
  const { jobId } = input;
  const { transcribePage } = proxyActivities<Activities>(modelCallOptions(input.retry));
  const slots = input.pageConcurrency;
  try {
    if ((await local.claimJob('parse', jobId)) === 'not_running') return await settle(jobId);
    const plan = await jobs.planParseJob(jobId);
    view.running(plan.pagesTotal, plan.pagesTotal - plan.pendingPages.length);
    await forEachBounded(plan.pendingPages, slots + spareLanes(slots), async (page) => {
      await transcribePage.executeWithOptions({ summary: `page ${page}` }, [jobId, page, slots]);
      view.stored(1);
    });
    if ((await local.completeParseJob(jobId)) === 'not_running') return await settle(jobId);
    return { status: 'completed' };
  } catch (err) {
    if (isCancellation(err)) return await settle(jobId);
    // Asked to stop while an attempt was failing: the activity ended failed, not canceled.
    if (CancellationScope.current().consideredCancelled && patched(SETTLE_AFTER_FAILED_CANCEL)) return await settle(jobId);
    const failure = describeFailure(err);
    if ((await local.failJob('parse', jobId, failure)) === 'not_running') return await settle(jobId);
    return { status: 'failed', error: asRecorded(failure) };
  }
}

async function settle(jobId: string): Promise<JobEnd> {
  return { status: await CancellationScope.nonCancellable(() => local.settleStoppedJob('parse', jobId)) };
}
