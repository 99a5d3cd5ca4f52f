import { CancellationScope, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { FINISHING, LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { forEachBounded, spareLanes } from './bounded.js';
import { asRecorded, describeFailure, isCancellation } from './job-failure.js';
import { runJob, type JobView } from './job-run.js';
import type { JobEnd, JobWorkflowInput } from './types.js';

/** Claim, fail and settle: short status writes, run locally (no task-queue round trip). */
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);
/** The result from the stored answers, and routing: a step of its own, retried like bookkeeping. */
const finishing = proxyActivities<Activities>(FINISHING);

/**
 * One classification job (issue 44, a workflow type of its own): claim it and list the pages not
 * yet answered, classify each page in an activity of its own under the page concurrency (each
 * answer stored as it arrives, so a new attempt or run never asks a finished page again), then
 * compute the result, review and routing in one step. History holds page numbers only.
 */
export async function classificationJobWorkflow(input: JobWorkflowInput): Promise<string> {
  return runJob('classification', input.jobId, (view) => classificationSteps(input, view));
}

async function classificationSteps(input: JobWorkflowInput, view: JobView): Promise<JobEnd> {
  const { jobId } = input;
  const { classifyPage } = proxyActivities<Activities>(modelCallOptions(input.retry));
  const slots = input.pageConcurrency;
  try {
    const plan = await local.claimAndPlanClassification(jobId);
    if (plan === 'not_running') return await settle(jobId);
    view.running(plan.pagesTotal, plan.pagesTotal - plan.pendingPages.length);
    await forEachBounded(plan.pendingPages, slots + spareLanes(slots), async (page) => {
      if ((await classifyPage.executeWithOptions({ summary: `classify page ${page}` }, [jobId, page, slots])) === 'stored') view.stored(1);
    });
    const finished = await finishing.finishClassification.executeWithOptions({ summary: 'split, flag, record and route' }, [jobId]);
    if (finished === 'not_running') return await settle(jobId);
    return { status: 'completed' };
  } catch (err) {
    if (isCancellation(err) || CancellationScope.current().consideredCancelled) return await settle(jobId);
    const failure = describeFailure(err);
    if ((await local.failJob('classification', jobId, failure)) === 'not_running') return await settle(jobId);
    return { status: 'failed', error: asRecorded(failure) };
  }
}

/** Finish a job that was asked to stop (canceling → canceled, deleting → row removed). */
async function settle(jobId: string): Promise<JobEnd> {
  return { status: await CancellationScope.nonCancellable(() => local.settleStoppedJob('classification', jobId)) };
}
