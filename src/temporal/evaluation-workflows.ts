import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { EvaluationRunInput } from '../../workflows/evaluation.js';
import { TEMPORAL_CALL_DEADLINE_MS } from './job-workflows.js';

export const EVALUATION_WORKFLOW_TYPE = 'evaluationRunWorkflow';

/** Start the workflow of an evaluation run. Workflow id = run id. */
export async function startEvaluationWorkflow(
  temporal: Client,
  config: Config,
  runId: string,
  memo: { evaluation_set: string; definition_name: string },
): Promise<void> {
  const input: EvaluationRunInput = {
    runId,
    concurrency: config.evaluationConcurrency,
    job: { retry: config.providerRetry, pageConcurrency: config.pageConcurrency },
  };
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(EVALUATION_WORKFLOW_TYPE, {
      workflowId: runId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { job_kind: 'evaluation', ...memo },
    }),
  );
}
