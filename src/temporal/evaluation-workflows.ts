import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { EvaluationRunInput } from '../../workflows/evaluation-items.js';
import { jobRetrySettings, TEMPORAL_CALL_DEADLINE_MS } from './job-workflows.js';
import { searchAttributesRegistered } from './search-attribute-registry.js';
import { initialEvaluationRunSearchAttributes, workspaceSearchAttribute } from './search-attributes.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';

export const EVALUATION_WORKFLOW_TYPE = 'evaluationRunWorkflow';

/** Start the workflow of an evaluation run. Workflow id = run id. */
export async function startEvaluationWorkflow(
  temporal: Client,
  config: Config,
  runId: string,
  memo: { evaluation_set: string; definition_name: string },
): Promise<void> {
  const input: EvaluationRunInput = { runId, ...(await evaluationRunSettings(temporal, config)) };
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(EVALUATION_WORKFLOW_TYPE, {
      workflowId: runId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { job_kind: 'evaluation', ...memo },
      staticSummary: `evaluate · ${memo.definition_name} · set ${memo.evaluation_set}`,
      staticDetails: `Evaluation run \`${runId}\`: \`GET /v1/evaluation-runs/${runId}\``,
      // Set only where the server has them, as on job runs: DocextractEvaluationRunId finds the run and its jobs.
      ...(input.searchAttributes ? { typedSearchAttributes: [...initialEvaluationRunSearchAttributes({ runId, definition: memo.definition_name }), ...workspaceSearchAttribute(currentWorkspaceId())] } : {}),
    }),
  );
}

/** What an evaluation run's workflow needs besides its run id (also given to a candidate's workflow). */
export async function evaluationRunSettings(temporal: Client, config: Config): Promise<Omit<EvaluationRunInput, 'runId'>> {
  return {
    concurrency: config.evaluationConcurrency,
    job: { retry: jobRetrySettings(config), pageConcurrency: config.pageConcurrency },
    searchAttributes: await searchAttributesRegistered(temporal, config.temporal.namespace),
  };
}
