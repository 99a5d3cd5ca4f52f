// Start the deliveries of a planned job event (deliverJobEventWorkflow, workflows/notify.ts) from
// outside a job's run: the review events, planned where the review changed (the API's approve and
// reject, the worker's end-of-job planning). The plan carries ids only; the body waits in
// webhook_events under the plan's messageId.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { JobEventDelivery, WebhookPlan } from '../../workflows/types.js';

export type { WebhookPlan };

/** Workflow type of one event's deliveries (workflows/notify.ts). */
const DELIVERY_WORKFLOW = 'deliverJobEventWorkflow';

/** Start the deliveries of a planned extraction-job event; a second start of the same event is a no-op. */
export async function startJobEventDelivery(temporal: Client, taskQueue: string, jobId: string, plan: WebhookPlan): Promise<void> {
  const input: JobEventDelivery = { kind: 'extraction', jobId, plan };
  try {
    await temporal.workflow.start(DELIVERY_WORKFLOW, {
      workflowId: `${jobId}-webhooks-${plan.messageId}`,
      taskQueue,
      args: [input],
      memo: { job_kind: 'extraction', job_id: jobId, event: plan.eventType },
      staticSummary: `webhook · ${plan.eventType}`,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
