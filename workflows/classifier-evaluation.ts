import { CancellationScope, ContinueAsNew, continueAsNew, executeChild, ParentClosePolicy, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { BOOKKEEPING } from './activity-options.js';
import { forEachBounded } from './bounded.js';
import { classificationJobWorkflow } from './classification.js';
import { ITEMS_PER_WORKFLOW_RUN, type EvaluationRunInput } from './evaluation.js';
import { describeFailure, isCancellation } from './job-failure.js';
import { initialJobSearchAttributes } from '../src/temporal/search-attributes.js';

const acts = proxyActivities<Activities>(BOOKKEEPING);
// Scoring reads every item's split and writes the report: longer than a status write.
const scoring = proxyActivities<Activities>({ ...BOOKKEEPING, startToCloseTimeout: '10 minutes', scheduleToCloseTimeout: '1 hour' });

/**
 * One evaluation run of a classifier (issue 44, deliver 6; a workflow type of its own, beside
 * evaluationRunWorkflow): claim it, then for each item not yet ended create its classification job
 * (split mode, the run's classifier snapshot) and run that job's own workflow as a child, at most
 * `concurrency` at once; once every item job has ended, score pages, classes and boundaries.
 * History holds ids only; after ITEMS_PER_WORKFLOW_RUN items the workflow continues as new.
 */
export async function classifierEvaluationRunWorkflow(input: EvaluationRunInput): Promise<string> {
  const { runId } = input;
  try {
    const pending = await acts.claimClassifierEvaluationRun(runId, input.itemsPerRun ?? ITEMS_PER_WORKFLOW_RUN);
    if (pending === 'not_running') return await settle(runId);
    await forEachBounded(pending.itemIds, input.concurrency, async (itemId) => {
      const job = await acts.createClassifierEvaluationItemJob(runId, itemId);
      if (job === null) return; // the run is stopping
      try {
        await executeChild(classificationJobWorkflow, {
          workflowId: job.jobId,
          args: [{ jobId: job.jobId, retry: input.job.retry, pageConcurrency: input.job.pageConcurrency }],
          memo: { job_kind: 'classification', definition_name: job.classifierName, file_id: job.fileId, evaluation_run_id: runId },
          staticSummary: ['classify', job.classifierName, job.fileId === null ? 'text' : job.fileId, `evaluation ${runId}`].join(' · '),
          ...(input.searchAttributes
            ? { typedSearchAttributes: initialJobSearchAttributes({ kind: 'classification', definition: job.classifierName, fileId: job.fileId, evaluationRunId: runId }) }
            : {}),
          parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
        });
      } catch (err) {
        // The job row holds its failure (scored as all pages wrong); only a cancellation of the run stops the run.
        if (isCancellation(err) && CancellationScope.current().consideredCancelled) throw err;
      }
    });
    if (pending.more) return await continueAsNew<typeof classifierEvaluationRunWorkflow>(input);
    const outcome = await scoring.scoreClassifierEvaluationRun(runId);
    return outcome === 'recorded' ? 'completed' : await settle(runId);
  } catch (err) {
    if (err instanceof ContinueAsNew) throw err; // not a failure: how the workflow moves on
    if (isCancellation(err)) return await settle(runId);
    if ((await acts.failEvaluationRun(runId, describeFailure(err))) === 'not_running') return await settle(runId);
    return 'failed';
  }
}

/** Finish a run that was asked to stop: its leftover jobs and the run itself → canceled. */
function settle(runId: string): Promise<string> {
  return CancellationScope.nonCancellable(() => acts.settleStoppedClassifierEvaluationRun(runId));
}
