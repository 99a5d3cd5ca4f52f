import { WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { JobKind } from '../kinds.js';
import type { BatchWorkflowInput } from '../../workflows/batch-types.js';
import { cancelJobWorkflow, TEMPORAL_CALL_DEADLINE_MS } from './job-workflows.js';
import { searchAttributesRegistered } from './search-attribute-registry.js';
import { initialBatchSearchAttributes, workspaceSearchAttribute } from './search-attributes.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';

export const BATCH_WORKFLOW_TYPE = 'batchWorkflow';

/**
 * Start a batch's workflow on the batch task queue. Workflow id = batch id: a repeated start of a
 * running batch is refused. `requeueFailed` (a retry) makes its first slice put the failed items back.
 */
export async function startBatchWorkflow(
  temporal: Client,
  config: Config,
  batch: { id: string; kind: JobKind; definition_name: string; total: number },
  opts: { requeueFailed?: boolean; reuse?: 'allow' | 'reject' } = {},
): Promise<void> {
  const input: BatchWorkflowInput = {
    batchId: batch.id,
    sliceMs: config.batches.sliceMs,
    slicesPerRun: config.batches.slicesPerRun,
    ...(opts.requeueFailed ? { requeueFailed: true } : {}),
    ...(opts.reuse === 'reject' ? { resumeHandOut: true } : {}),
  };
  // A batch reads `completed` a moment before its run closes: a retry right after waits for that close.
  if (opts.requeueFailed) await awaitClosedRun(temporal, batch.id);
  // Set only where the server has them, as on job runs: the run upserts its status as it moves.
  const searchAttributes = (await searchAttributesRegistered(temporal, config.temporal.namespace))
    ? [...initialBatchSearchAttributes({ batchId: batch.id, kind: batch.kind, definition: batch.definition_name }), ...workspaceSearchAttribute(currentWorkspaceId())]
    : undefined;
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(BATCH_WORKFLOW_TYPE, {
      workflowId: batch.id,
      taskQueue: config.temporal.batchTaskQueue,
      args: [input],
      memo: { batch_id: batch.id, job_kind: batch.kind, definition_name: batch.definition_name },
      staticSummary: `batch · ${batch.kind} · ${batch.definition_name} · ${batch.total} items`,
      staticDetails: `Batch \`${batch.id}\`: \`GET /v1/batches/${batch.id}\``,
      ...(searchAttributes ? { typedSearchAttributes: searchAttributes } : {}),
      // A retry starts a new run under the batch's id once the previous one closed; recovery only
      // starts a batch Temporal has no record of at all.
      workflowIdReusePolicy: opts.reuse === 'reject' ? WorkflowIdReusePolicy.REJECT_DUPLICATE : WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    }),
  );
}

/** Whether a batch's workflow has an open run (its cancel or delete is then left to it). */
export async function batchWorkflowOpen(temporal: Client, batchId: string): Promise<boolean> {
  try {
    const desc = await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () => temporal.workflow.getHandle(batchId).describe());
    return desc.status.name === 'RUNNING';
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

/**
 * Ask the batch's run to cancel once its row says canceling or deleting, so that the run ends
 * Canceled (its slices, shielded from the cancel, stop the items and settle the row first). The
 * row drives the stop: when Temporal cannot be reached the batch stops all the same and its run
 * completes with "canceled".
 */
export async function cancelBatchRun(temporal: Client, batchId: string): Promise<void> {
  await cancelJobWorkflow(temporal, batchId).catch(() => false);
}

/** Wait briefly (5 s at most) until the batch's previous run has closed, so a new run can start under its id. */
async function awaitClosedRun(temporal: Client, batchId: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && (await batchWorkflowOpen(temporal, batchId))) await new Promise((r) => setTimeout(r, 100));
}
