import { CancellationScope, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { JobKind } from '../src/domain/job-status.js';
import { BOOKKEEPING } from './activity-options.js';

const bookkeeping = proxyActivities<Activities>(BOOKKEEPING);

/**
 * After a job's terminal status is committed: deliver its event to every subscribed endpoint, one
 * activity per endpoint, retried by Temporal with exponential backoff for up to
 * SERVICE_WEBHOOK_RETRY_HOURS. The job is already terminal, so nothing here changes it, and a
 * delivery that never succeeds only ends the wait. Non-cancellable: the job is over, its event
 * must still go out. A job that ended by delete (row removed) has no event.
 */
export async function notifyJobEnded(kind: JobKind, jobId: string, outcome: string): Promise<void> {
  if (outcome === 'deleted') return;
  await CancellationScope.nonCancellable(async () => {
    try {
      const plan = await bookkeeping.planJobWebhooks(kind, jobId);
      if (plan.endpointIds.length === 0) return;
      const { deliverWebhook } = proxyActivities<Activities>({
        startToCloseTimeout: '30 seconds',
        scheduleToCloseTimeout: Math.round(plan.retry.retryHours * 3_600_000),
        retry: { initialInterval: plan.retry.initialIntervalMs, backoffCoefficient: 2, maximumInterval: plan.retry.maxIntervalMs },
      });
      await Promise.allSettled(plan.endpointIds.map((id) => deliverWebhook(id, plan.messageId, plan.eventType, jobId, plan.body)));
    } catch {
      // Bookkeeping gave up (Postgres away for longer than its timeout): the job's outcome stands.
    }
  });
}
