import { CancellationScope, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { LOCAL_BOOKKEEPING, modelCallOptions } from './activity-options.js';
import { asRecorded, describeFailure, isCancellation } from './job-failure.js';
import { runJob, type JobView } from './job-run.js';
import type { JobEnd, JobWorkflowInput } from './types.js';

const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);

/**
 * One schema suggestion (issue 51, a workflow type of its own): one activity claims the job, asks
 * the model (a second time when the first schema is not in the dialect) and records the outcome.
 * History holds the job id and how it ended only.
 */
export async function schemaSuggestionWorkflow(input: JobWorkflowInput): Promise<string> {
  return runJob('suggestion', input.jobId, (view) => suggestionSteps(input, view));
}

async function suggestionSteps(input: JobWorkflowInput, view: JobView): Promise<JobEnd> {
  const { jobId } = input;
  // Room for two model calls in one attempt: the first answer and, when its schema is not in the
  // dialect, the one asked again (each call still ends itself at retry.timeoutMs).
  const options = modelCallOptions(input.retry);
  const { suggestSchema } = proxyActivities<Activities>({
    ...options,
    startToCloseTimeout: 2 * input.retry.timeoutMs + 60_000,
    scheduleToCloseTimeout: Number(options.scheduleToCloseTimeout) + input.retry.timeoutMs,
  });
  try {
    view.running(1);
    const end = await suggestSchema.executeWithOptions({ summary: 'suggest a schema' }, [jobId]);
    if (end === 'not_running') return await settle(jobId);
    if (end.status === 'completed') view.stored(1);
    return end;
  } catch (err) {
    if (isCancellation(err) || CancellationScope.current().consideredCancelled) return await settle(jobId);
    const failure = describeFailure(err);
    if ((await local.failJob('suggestion', jobId, failure)) === 'not_running') return await settle(jobId);
    return { status: 'failed', error: asRecorded(failure) };
  }
}

/** Finish a job that was asked to stop (canceling → canceled, deleting → row removed). */
async function settle(jobId: string): Promise<JobEnd> {
  return { status: await CancellationScope.nonCancellable(() => local.settleStoppedJob('suggestion', jobId)) };
}
