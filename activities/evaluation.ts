import type { ItemOutcome } from '../src/evaluation/scoring/index.js';
import { scoreRun } from '../src/evaluation/scoring/index.js';
import { newId } from '../src/domain/ids.js';
import { evaluationItemJobs, insertEvaluationItemJob, settleEvaluationJobsCanceled, unendedEvaluationItems } from '../src/storage/jobs/evaluation.js';
import { claimRun, completeRun, failRun, linkItemJob, settleRunCanceled, storeScoredLeaves } from '../src/storage/evaluation-runs.js';
import type { RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { whileHeartbeating } from './heartbeat.js';


const RUN_INTERNAL_ERROR_MESSAGE = 'The evaluation run failed because of an internal error of the service; its log has the details under this run id';

/** The steps of an evaluation run's workflow: all I/O, ids in and out. */
export function evaluationActivities(deps: ResolvedActivityDeps) {
  const { db, logger } = deps;

  return {
    /**
     * queued → running (a run already running stays so: the workflow continued as new); the first
     * `limit` items whose job has not ended yet, in the run's order, and whether more are left.
     */
    async claimEvaluationRun(runId: string, limit: number): Promise<{ itemIds: string[]; more: boolean } | 'not_running'> {
      if (!(await claimRun(db, runId))) return 'not_running';
      const rows = await unendedEvaluationItems(db, runId, limit + 1);
      return { itemIds: rows.slice(0, limit), more: rows.length > limit };
    },

    /**
     * The item's extraction job, created once (queued, with the run's extractor snapshot); a
     * retried attempt finds the job the first one made. Null when the run is no longer running.
     */
    async createEvaluationItemJob(runId: string, itemId: string): Promise<{ jobId: string; definitionName: string; fileId: string | null } | null> {
      return db.transaction(async (trx) => {
        const run = await trx('evaluation_runs').where({ id: runId }).forShare().first('status', 'extractor_id', 'extractor_snapshot');
        if (!run || run.status !== 'running') return null;
        const item = await trx('evaluation_run_items').where({ run_id: runId, item_id: itemId }).forUpdate().first('job_id', 'file_id', 'source_text');
        if (!item) return null;
        const definitionName = String(run.extractor_snapshot.name);
        if (item.job_id) return { jobId: item.job_id as string, definitionName, fileId: item.file_id ?? null };
        const jobId = newId('extractionJob');
        await insertEvaluationItemJob(trx, {
          id: jobId,
          extractorId: run.extractor_id,
          extractorSnapshot: run.extractor_snapshot,
          fileId: item.file_id ?? null,
          sourceText: item.source_text ?? null,
          runId,
        });
        await linkItemJob(trx, runId, itemId, jobId);
        return { jobId, definitionName, fileId: item.file_id ?? null };
      });
    },

    /** Score every item against its job's outcome and record the report (running → completed). */
    async scoreEvaluationRun(runId: string): Promise<RecordOutcome> {
      return whileHeartbeating(async () => {
        const run = await db('evaluation_runs').where({ id: runId }).first('status', 'extractor_snapshot', 'options');
        if (!run || run.status !== 'running') return 'not_running';
        const rows = await evaluationItemJobs(db, runId);
        const outcomes: ItemOutcome[] = rows.map((r) => {
          const completed = r.status === 'completed';
          const confidence = completed && r.result?.confidence && typeof r.result.confidence === 'object' ? r.result.confidence : null;
          return {
            item_id: r.item_id,
            job_id: r.job_id ?? null,
            status: r.status ?? 'failed',
            expected: r.expected_output,
            extracted: completed ? (r.result?.data ?? null) : null,
            confidence,
            error: completed
              ? null
              : (r.error ?? (r.status === 'canceled' ? { code: 'canceled', message: 'The item job was canceled' } : { code: 'job_missing', message: 'The item job was deleted before it ended' })),
          };
        });
        const { report, leaves } = scoreRun(outcomes, run.extractor_snapshot.schema, run.options, run.extractor_snapshot.rules ?? []);
        const recorded = await db.transaction(async (trx) => {
          for (const [itemId, itemLeaves] of Object.entries(leaves)) await storeScoredLeaves(trx, runId, itemId, itemLeaves);
          return completeRun(trx, runId, report);
        });
        logger.info({ evaluation_run_id: runId, accuracy: report.overall.accuracy }, recorded ? 'evaluation run scored' : 'evaluation run stopped before its report');
        return recorded ? 'recorded' : 'not_running';
      });
    },

    /** running → failed with the error; an internal error's detail goes to the log, the run says where to look. */
    async failEvaluationRun(runId: string, error: { code: string; message: string }): Promise<RecordOutcome> {
      const internal = error.code === 'internal_error';
      const recorded = internal ? { code: error.code, message: RUN_INTERNAL_ERROR_MESSAGE } : error;
      if (!(await failRun(db, runId, recorded))) return 'not_running';
      if (internal) logger.error({ evaluation_run_id: runId, workflow_id: runId, code: error.code, detail: error.message }, 'internal error of an evaluation run');
      else logger.info({ evaluation_run_id: runId, workflow_id: runId, code: error.code }, 'evaluation run failed');
      return 'recorded';
    },

    /** A run asked to stop: jobs left without a workflow → canceled, then the run → canceled. */
    async settleStoppedEvaluationRun(runId: string): Promise<string> {
      await settleEvaluationJobsCanceled(db, runId);
      await settleRunCanceled(db, runId);
      const row = await db('evaluation_runs').where({ id: runId }).first('status');
      return row?.status ?? 'deleted';
    },
  };
}
