import { CancellationScope, executeChild, ParentClosePolicy, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING, FINISHING } from './activity-options.js';
import { evaluationRunWorkflow } from './evaluation.js';
import type { EvaluationRunInput } from './evaluation-items.js';
import { describeFailure, isCancellation } from './job-failure.js';
import { inheritedWorkspace } from './workspace-attribute.js';

/** Input of extractorCandidateWorkflow: the candidate's id and the settings its runs get. */
export interface CandidateInput {
  candidateId: string;
  /** What each evaluation run's workflow gets besides its run id. */
  evaluation: Omit<EvaluationRunInput, 'runId'>;
}

const acts = proxyActivities<Activities>(BOOKKEEPING);
// Comparing reads every judged leaf of both runs: longer than a status write.
const judging = proxyActivities<Activities>(FINISHING);

/**
 * A release-gate candidate (the runs were created with it): run the candidate run, and the
 * baseline run when it was not an earlier completed one, each as its own evaluation-run workflow
 * (child workflow id = run id), then compare them. A worker crash replays this from history;
 * whatever ends it (a failure, a cancellation) leaves the candidate failed or canceled, never running.
 */
export async function extractorCandidateWorkflow(input: CandidateInput): Promise<string> {
  const { candidateId } = input;
  try {
    const runIds = await acts.candidateRunsToRun(candidateId);
    if (runIds === 'not_running') return 'not_running';
    const workspace = inheritedWorkspace();
    await Promise.all(
      runIds.map((runId) =>
        executeChild(evaluationRunWorkflow, {
          workflowId: runId,
          args: [{ runId, ...input.evaluation }],
          memo: { job_kind: 'evaluation', candidate_id: candidateId },
          staticSummary: `evaluate · candidate ${candidateId}`,
          ...(workspace.length > 0 ? { typedSearchAttributes: workspace } : {}),
          // Should the candidate's workflow be terminated by an operator, its runs are canceled.
          parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
        }),
      ),
    );
    return await judging.judgeCandidate(candidateId);
  } catch (err) {
    if (isCancellation(err)) {
      await CancellationScope.nonCancellable(() => acts.settleCanceledCandidate(candidateId));
      return 'canceled';
    }
    await CancellationScope.nonCancellable(() => acts.failCandidate(candidateId, describeFailure(err)));
    return 'failed';
  }
}
