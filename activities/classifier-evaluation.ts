// The steps of a classifier evaluation run's workflow (issue 44, deliver 6): each item runs as an
// ordinary classification job (split mode) with the run's classifier snapshot; the run is then
// scored on pages, classes and boundaries (src/classification/evaluation.ts). All I/O, ids in and out.
import { classifierRunReport, type ClassifierItemOutcome } from '../src/classification/evaluation.js';
import type { ClassificationResult } from '../src/classification/result.js';
import { classNames } from '../src/domain/classification/classifiers.js';
import { newId } from '../src/domain/ids.js';
import { claimRun, completeRun, linkClassifierItemJob, settleRunCanceled } from '../src/storage/evaluation-runs.js';
import { insertClassificationJob } from '../src/storage/jobs/classification.js';
import { classifierItemJobs, settleEvaluationJobsCanceled, unendedClassifierItems } from '../src/storage/jobs/evaluation.js';
import type { RecordOutcome } from '../workflows/types.js';
import type { ResolvedActivityDeps } from './deps.js';
import { whileHeartbeating } from './heartbeat.js';

export function classifierEvaluationActivities(deps: ResolvedActivityDeps) {
  const { db, logger } = deps;

  return {
    /** queued → running (a running run stays so); the first `limit` items whose job has not ended, and whether more are left. */
    async claimClassifierEvaluationRun(runId: string, limit: number): Promise<{ itemIds: string[]; more: boolean } | 'not_running'> {
      if (!(await claimRun(db, runId))) return 'not_running';
      const rows = await unendedClassifierItems(db, runId, limit + 1);
      return { itemIds: rows.slice(0, limit), more: rows.length > limit };
    },

    /** The item's classification job, created once; a retried attempt finds it. Null when the run is no longer running. */
    async createClassifierEvaluationItemJob(runId: string, itemId: string): Promise<{ jobId: string; classifierName: string; fileId: string | null } | null> {
      return db.transaction(async (trx) => {
        const run = await trx('evaluation_runs').where({ id: runId }).forShare().first('status', 'classifier_id', 'classifier_snapshot');
        if (!run || run.status !== 'running') return null;
        const item = await trx('evaluation_run_items').where({ run_id: runId, item_id: itemId }).forUpdate().first('classification_job_id', 'file_id', 'source_text');
        if (!item) return null;
        const classifierName = String(run.classifier_snapshot.name);
        if (item.classification_job_id) return { jobId: item.classification_job_id as string, classifierName, fileId: item.file_id ?? null };
        const jobId = newId('classificationJob');
        await insertClassificationJob(trx, {
          id: jobId,
          classifier_id: run.classifier_id,
          classifier_snapshot: run.classifier_snapshot,
          file_id: item.file_id ?? null,
          source_text: item.source_text ?? null,
          mode: 'split',
          route: false,
          page_start: null,
          page_end: null,
          evaluation_run_id: runId,
        });
        await linkClassifierItemJob(trx, runId, itemId, jobId);
        return { jobId, classifierName, fileId: item.file_id ?? null };
      });
    },

    /** Score every item's predicted split against its expected one and record the report (running → completed). */
    async scoreClassifierEvaluationRun(runId: string): Promise<RecordOutcome> {
      return whileHeartbeating(async () => {
        const run = await db('evaluation_runs').where({ id: runId }).first('status', 'classifier_snapshot');
        if (!run || run.status !== 'running') return 'not_running';
        const rows = await classifierItemJobs(db, runId);
        const outcomes: ClassifierItemOutcome[] = rows.map((r) => {
          const completed = r.status === 'completed';
          const segments = completed ? ((r.result as ClassificationResult | null)?.segments ?? []) : null;
          return {
            item_id: r.item_id,
            job_id: r.job_id ?? null,
            status: r.status ?? 'failed',
            expected: r.expected_segments,
            predicted: segments === null ? null : segments.map((s) => ({ class: s.class, pages: s.pages })),
            error: completed
              ? null
              : (r.error ?? (r.status === 'canceled' ? { code: 'canceled', message: 'The item job was canceled' } : { code: 'job_missing', message: 'The item job was deleted before it ended' })),
          };
        });
        const report = classifierRunReport(outcomes, classNames(run.classifier_snapshot));
        const recorded = await completeRun(db, runId, report);
        logger.info({ evaluation_run_id: runId, page_accuracy: report.page_accuracy }, recorded ? 'classifier evaluation run scored' : 'classifier evaluation run stopped before its report');
        return recorded ? 'recorded' : 'not_running';
      });
    },

    /** A run asked to stop: classification jobs left without a workflow → canceled, then the run → canceled. */
    async settleStoppedClassifierEvaluationRun(runId: string): Promise<string> {
      await settleEvaluationJobsCanceled(db, runId);
      await settleRunCanceled(db, runId);
      const row = await db('evaluation_runs').where({ id: runId }).first('status');
      return row?.status ?? 'deleted';
    },
  };
}
