import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { EvaluationRunInput } from '../../workflows/evaluation.js';
import { TEMPORAL_CALL_DEADLINE_MS } from './job-workflows.js';
import { searchAttributesRegistered } from './search-attribute-registry.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';
import { workspaceSearchAttribute } from './search-attributes.js';

export const CLASSIFIER_EVALUATION_WORKFLOW_TYPE = 'classifierEvaluationRunWorkflow';

/** Start the workflow of a classifier evaluation run (issue 44). Workflow id = run id. */
export async function startClassifierEvaluationWorkflow(
  temporal: Client,
  config: Config,
  runId: string,
  memo: { evaluation_set: string; definition_name: string },
): Promise<void> {
  const { initialIntervalMs, maxIntervalMs, timeoutMs, windowMs } = config.providerRetry;
  const input: EvaluationRunInput = {
    runId,
    concurrency: config.evaluationConcurrency,
    job: { retry: { initialIntervalMs, maxIntervalMs, timeoutMs, windowMs }, pageConcurrency: config.pageConcurrency },
    searchAttributes: await searchAttributesRegistered(temporal, config.temporal.namespace),
  };
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(CLASSIFIER_EVALUATION_WORKFLOW_TYPE, {
      workflowId: runId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { job_kind: 'evaluation', ...memo },
      staticSummary: `evaluate classifier · ${memo.definition_name} · set ${memo.evaluation_set}`,
      staticDetails: `Evaluation run \`${runId}\`: \`GET /v1/evaluation-runs/${runId}\``,
      ...(input.searchAttributes && currentWorkspaceId() ? { typedSearchAttributes: workspaceSearchAttribute(currentWorkspaceId()) } : {}),
    }),
  );
}
