import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { CandidateInput } from '../../workflows/candidate.js';
import { evaluationRunSettings } from './evaluation-workflows.js';
import { TEMPORAL_CALL_DEADLINE_MS } from './job-workflows.js';
import { currentWorkspaceId } from '../storage/workspace-scope.js';
import { workspaceSearchAttribute } from './search-attributes.js';

export const CANDIDATE_WORKFLOW_TYPE = 'extractorCandidateWorkflow';

/** Start the workflow of a release-gate candidate. Workflow id = candidate id. */
export async function startCandidateWorkflow(temporal: Client, config: Config, candidateId: string, memo: { definition_name: string; evaluation_set: string }): Promise<void> {
  const input: CandidateInput = { candidateId, evaluation: await evaluationRunSettings(temporal, config) };
  await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () =>
    temporal.workflow.start(CANDIDATE_WORKFLOW_TYPE, {
      workflowId: candidateId,
      taskQueue: config.temporal.taskQueue,
      args: [input],
      memo: { job_kind: 'candidate', ...memo },
      staticSummary: `candidate · ${memo.definition_name} · set ${memo.evaluation_set}`,
      ...(input.evaluation.searchAttributes && currentWorkspaceId() ? { typedSearchAttributes: workspaceSearchAttribute(currentWorkspaceId()) } : {}),
      staticDetails: `Extractor candidate \`${candidateId}\`: \`GET /v1/extractors/${memo.definition_name}/candidates/${candidateId}\``,
    }),
  );
}
