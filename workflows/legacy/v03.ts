// The job workflows exactly as release 0.3 ran them, frozen. Runs started by 0.3 replay through
// this code (see ../versions.ts); never edit it: a change here breaks runs already in flight.
import { CancellationScope, proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { describeFailure, isCancellation } from '../job-failure.js';
import type { JobWorkflowInput, RetrySettings } from '../types.js';

const BOOKKEEPING: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds' },
  scheduleToCloseTimeout: '30 minutes',
};

function modelCallOptions(retry: RetrySettings): ActivityOptions {
  return {
    startToCloseTimeout: retry.timeoutMs,
    heartbeatTimeout: '20 seconds',
    retry: {
      initialInterval: retry.initialIntervalMs,
      backoffCoefficient: 2,
      maximumInterval: retry.maxIntervalMs,
      maximumAttempts: retry.maxAttempts,
    },
  };
}

const jobs = proxyActivities<Activities>(BOOKKEEPING);

async function forEachBounded<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  let firstError: { error: unknown } | undefined;
  const scope = new CancellationScope();
  await scope.run(async () => {
    const lane = async () => {
      while (queue.length > 0 && !firstError) {
        const item = queue.shift() as T;
        try {
          await fn(item);
        } catch (error) {
          if (!firstError) {
            firstError = { error };
            scope.cancel();
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, queue.length)) }, lane));
  });
  if (firstError) throw firstError.error;
}

export async function extractionJobV03(input: JobWorkflowInput): Promise<string> {
  const { extractDocument } = proxyActivities<Activities>(modelCallOptions(input.retry));
  const settle = () => CancellationScope.nonCancellable(() => jobs.settleStoppedJob('extraction', input.jobId));
  try {
    if ((await jobs.claimJob('extraction', input.jobId)) === 'not_running') return await settle();
    if ((await extractDocument(input.jobId)) === 'not_running') return await settle();
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle();
    if ((await jobs.failJob('extraction', input.jobId, describeFailure(err))) === 'not_running') return await settle();
    return 'failed';
  }
}

export async function parseJobV03(input: JobWorkflowInput): Promise<string> {
  const { transcribePage } = proxyActivities<Activities>(modelCallOptions(input.retry));
  const settle = () => CancellationScope.nonCancellable(() => jobs.settleStoppedJob('parse', input.jobId));
  try {
    if ((await jobs.claimJob('parse', input.jobId)) === 'not_running') return await settle();
    const plan = await jobs.planParseJob(input.jobId);
    await forEachBounded(plan.pendingPages, input.pageConcurrency, (page) => transcribePage(input.jobId, page));
    if ((await jobs.completeParseJob(input.jobId)) === 'not_running') return await settle();
    return 'completed';
  } catch (err) {
    if (isCancellation(err)) return await settle();
    if ((await jobs.failJob('parse', input.jobId, describeFailure(err))) === 'not_running') return await settle();
    return 'failed';
  }
}
