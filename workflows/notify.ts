import {
  CancellationScope,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { JobKind } from '../src/domain/job-status.js';
import { BOOKKEEPING, LOCAL_BOOKKEEPING } from './activity-options.js';
import type { JobEventDelivery, WebhookPlan } from './types.js';
import { WEBHOOKS_CHILD_WORKFLOW } from './versions.js';
import { inheritedWorkspace } from './workspace-attribute.js';

const bookkeeping = proxyActivities<Activities>(BOOKKEEPING);
const local = proxyLocalActivities<Activities>(LOCAL_BOOKKEEPING);

/**
 * After a job's terminal status is committed: send its event to every subscribed endpoint. A job
 * that ended by delete (row removed) has no event. Non-cancellable: the job is over, its event
 * must still go out; and nothing here changes the job's outcome.
 *
 * Since WEBHOOKS_CHILD_WORKFLOW the job's run plans the event in a local activity (most jobs have
 * no endpoint: one short read, no task-queue round trip) and, when someone is subscribed, hands the
 * deliveries to a workflow of their own that outlives it (deliverJobEventWorkflow), waiting only
 * until that workflow has started. So the run closes as soon as the job has ended: a receiver that
 * is down keeps neither the run open nor a retry of a failed job waiting.
 */
export async function notifyJobEnded(kind: JobKind, jobId: string, outcome: string): Promise<void> {
  if (outcome === 'deleted') return;
  if (!patched(WEBHOOKS_CHILD_WORKFLOW)) return deliverInThisRun(kind, jobId);
  await startEventDelivery(kind, jobId, outcome, false);
}

/**
 * The WEBHOOKS_CHILD_WORKFLOW path, which runs since JOB_ENGINE_V05 take without a marker of
 * their own: plan the event locally and start its delivery workflow when someone is subscribed.
 * (`described`: since JOB_ENGINE_V05 the delivery workflow carries a summary for the Web UI.)
 */
export async function startEventDelivery(kind: JobKind, jobId: string, outcome: string, described = true): Promise<void> {
  if (outcome === 'deleted') return;
  await CancellationScope.nonCancellable(async () => {
    try {
      const { runId } = workflowInfo();
      const plan = await local.planJobWebhooks(kind, jobId, runId);
      if (plan.endpointIds.length === 0) return;
      const input: JobEventDelivery = { kind, jobId, plan };
      const workspace = inheritedWorkspace();
      await startChild(deliverJobEventWorkflow, {
        workflowId: deliveryWorkflowId(jobId, runId),
        args: [input],
        // The deliveries outlive the job's run: they may retry for SERVICE_WEBHOOK_RETRY_HOURS.
        parentClosePolicy: ParentClosePolicy.ABANDON,
        memo: { job_kind: kind, job_id: jobId, event: plan.eventType },
        ...(described ? { staticSummary: `${plan.eventType} of ${jobId} → ${plan.endpointIds.length} endpoint${plan.endpointIds.length === 1 ? '' : 's'}` } : {}),
        ...(workspace.length > 0 ? { typedSearchAttributes: workspace } : {}),
      });
    } catch {
      // Bookkeeping gave up (Postgres away for longer than its timeout) or the start was refused:
      // the job's outcome stands.
    }
  });
}

/**
 * The workflow id of a job run's event deliveries: the job id first, so it sits beside the job's
 * own workflow in the Temporal Web UI; the run id, because a retried job ends again in a new run.
 */
export function deliveryWorkflowId(jobId: string, runId: string): string {
  return `${jobId}-webhooks-${runId}`;
}

/**
 * One job event, delivered to every endpoint of its plan: one activity per endpoint, retried by
 * Temporal with exponential backoff for up to SERVICE_WEBHOOK_RETRY_HOURS, the same bytes and
 * `webhook-id` on every attempt. Returns what became of each endpoint's delivery; a delivery that
 * never succeeds only ends its wait (the attempts are listed on the endpoint).
 */
export async function deliverJobEventWorkflow(input: JobEventDelivery): Promise<Record<string, string>> {
  const outcomes = await deliverAll(input.jobId, input.plan);
  return Object.fromEntries(
    input.plan.endpointIds.map((id, i) => {
      const o = outcomes[i]!;
      return [id, o.status === 'fulfilled' ? o.value : 'gave_up'];
    }),
  );
}

function deliverAll(jobId: string, plan: WebhookPlan): Promise<Array<PromiseSettledResult<string>>> {
  const { deliverWebhook } = proxyActivities<Activities>({
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: Math.round(plan.retry.retryHours * 3_600_000),
    retry: { initialInterval: plan.retry.initialIntervalMs, backoffCoefficient: 2, maximumInterval: plan.retry.maxIntervalMs },
  });
  // Plans recorded before 0.7 still carry the body; newer ones leave it to the activity to read.
  const args = (id: string): Parameters<Activities['deliverWebhook']> =>
    plan.body === undefined ? [id, plan.messageId, plan.eventType, jobId] : [id, plan.messageId, plan.eventType, jobId, plan.body];
  return Promise.allSettled(plan.endpointIds.map((id) => deliverWebhook.executeWithOptions({ summary: `webhook → endpoint ${id}` }, args(id))));
}

/** Runs started before WEBHOOKS_CHILD_WORKFLOW: the deliveries run inside the job's own run. */
async function deliverInThisRun(kind: JobKind, jobId: string): Promise<void> {
  await CancellationScope.nonCancellable(async () => {
    try {
      const plan = await bookkeeping.planJobWebhooks(kind, jobId);
      if (plan.endpointIds.length === 0) return;
      await deliverAll(jobId, plan);
    } catch {
      // Bookkeeping gave up (Postgres away for longer than its timeout): the job's outcome stands.
    }
  });
}
