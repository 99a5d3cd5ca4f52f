import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { EvaluationRunInput } from '../../workflows/evaluation-items.js';
import { evaluationRunSettings } from './evaluation-workflows.js';
import { TEMPORAL_CALL_DEADLINE_MS } from './job-workflows.js';
import { initialEvaluationRunSearchAttributes, workspaceSearchAttribute } from './search-attributes.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';

export const CLASSIFIER_EVALUATION_WORKFLOW_TYPE = 'classifierEvaluationRunWorkflow';

/** Start the workflow of a classifier evaluation run (issue 44). Workflow id = run id. */
export async function startClassifierEvaluationWorkflow(
  temporal: Client,
  config: Config,
  runId: string,
  memo: { evaluation_set: string; definition_name: string },
): Promise<void> {
  const input: EvaluationRunInput = { runId, ...(await evaluationRunSettings(temporal, config)) };
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(CLASSIFIER_EVALUATION_WORKFLOW_TYPE, {
      workflowId: runId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { job_kind: 'evaluation', ...memo },
      staticSummary: `evaluate classifier · ${memo.definition_name} · set ${memo.evaluation_set}`,
      staticDetails: `Evaluation run \`${runId}\`: \`GET /v1/evaluation-runs/${runId}\``,
      // As an extractor's run: DocextractEvaluationRunId finds the run and its jobs, and DocextractWorkspace its workspace, where the server has them.
      ...(input.searchAttributes ? { typedSearchAttributes: [...initialEvaluationRunSearchAttributes({ runId, definition: memo.definition_name }), ...workspaceSearchAttribute(currentWorkspaceId())] } : {}),
    }),
  );
}
