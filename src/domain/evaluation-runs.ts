// Evaluation runs: an extractor, frozen as it is at creation, run over every item of a set as
// ordinary extraction jobs by one durable workflow, then scored (src/evaluation/scoring).
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound, serviceError } from '../errors.js';
import { compareRuns, withDefaults, type Comparison, type Report, type ScoredLeaf } from '../evaluation/scoring/index.js';
import type { Db } from '../storage/db.js';
import { EVALUATION_PROGRESS_SQL, markEvaluationJobsCanceling } from '../storage/jobs/evaluation.js';
import { markRunCanceling, scoredLeavesOf, settleRunCanceled } from '../storage/evaluation-runs.js';
import type { ClassifierRunReport } from '../classification/evaluation.js';
import { checkItemsExpect, createClassifierEvaluationRun } from './classifier-evaluation-runs.js';
import { startEvaluationWorkflow } from '../temporal/evaluation-workflows.js';
import { TEMPORAL_CALL_DEADLINE_MS } from '../temporal/job-workflows.js';
import { getEvaluationSet } from './evaluation-sets.js';
import { keysetPage, type PageRequest } from '../storage/pagination.js';
import { findExtractorByRef } from './extractors.js';
import { newId } from './ids.js';
import { text } from './text.js';
import { iso, isoOrNull } from './time.js';

export const EVALUATION_RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'canceling', 'canceled'] as const;
const TERMINAL = ['completed', 'failed', 'canceled'];

const pointer = text(0, 1000);

export const evaluationOptionsSchema = z.strictObject({
  fuzzy_fields: z.array(pointer).max(1000).optional(),
  fuzzy_threshold: z.number().min(0).max(1).optional(),
  numeric_tolerance: z.number().min(0).max(1_000_000).optional(),
  exclude_fields: z.array(pointer).max(1000).optional(),
});

/** An extractor run (`extractor_name`, items with `expected_output`) or a classifier run (`classifier_name`, items with `expected_segments`; issue 44). */
export const createEvaluationRunBody = z
  .strictObject({
    evaluation_set: text(1, 128),
    extractor_name: text(1, 128).optional(),
    classifier_name: text(1, 128).optional(),
    options: evaluationOptionsSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const n = Number(b.extractor_name !== undefined) + Number(b.classifier_name !== undefined);
    if (n !== 1) ctx.addIssue({ code: 'custom', path: [n === 0 ? 'extractor_name' : 'classifier_name'], message: "Give exactly one of 'extractor_name' or 'classifier_name' (what the run measures)" });
    if (b.classifier_name !== undefined && b.options !== undefined) ctx.addIssue({ code: 'custom', path: ['options'], message: "'options' tune the scoring of extracted values; a classifier run takes none" });
  });

export const listEvaluationRunsQuery = z.object({
  evaluation_set_id: text(1, 128).optional(),
  status: z.enum(EVALUATION_RUN_STATUSES).optional(),
});

/** Items whose job has completed, and whose job ended without a result (failed or canceled). */
const PROGRESS_SQL = `${EVALUATION_PROGRESS_SQL} as progress`;

export function toEvaluationRun(row: any) {
  return {
    id: row.id as string,
    evaluation_set_id: row.set_id as string,
    extractor_snapshot: (row.extractor_snapshot ?? null) as Record<string, unknown> | null,
    classifier_snapshot: (row.classifier_snapshot ?? null) as Record<string, unknown> | null,
    status: row.status as (typeof EVALUATION_RUN_STATUSES)[number],
    progress: row.progress as { items_completed: number; items_failed: number; items_total: number },
    options: row.options as Record<string, unknown>,
    report: row.status === 'completed' ? ((row.report ?? null) as Report | ClassifierRunReport | null) : null,
    // Why a failed run failed (no run ends `failed` without a reason).
    error: row.status === 'failed' ? ((row.error ?? null) as { code: string; message: string } | null) : null,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
  };
}
export type EvaluationRun = ReturnType<typeof toEvaluationRun>;

export async function createEvaluationRun(db: Db, temporal: Client, config: Config, body: z.infer<typeof createEvaluationRunBody>): Promise<EvaluationRun> {
  if (body.classifier_name !== undefined) {
    return getEvaluationRun(db, await createClassifierEvaluationRun(db, temporal, config, { evaluation_set: body.evaluation_set, classifier_name: body.classifier_name }));
  }
  const set = await getEvaluationSet(db, body.evaluation_set);
  const extractor = await findExtractorByRef(db, body.extractor_name!);
  if (!extractor) throw notFound('Extractor', body.extractor_name!);
  const id = await insertEvaluationRun(db, { set, extractorId: extractor.id, snapshot: extractor, options: body.options ?? {} });
  try {
    await startEvaluationWorkflow(temporal, config, id, { evaluation_set: set.name, definition_name: extractor.name });
  } catch {
    await db('evaluation_runs').where({ id }).delete();
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
  return getEvaluationRun(db, id);
}

/**
 * A queued run of `snapshot` (an extractor's full definition, as it is now or as a candidate change
 * would make it: later edits never change what a run measures) over the set's items as they are
 * now, in a fixed order. Its workflow is started by the caller. 409 evaluation_set_empty.
 */
export async function insertEvaluationRun(
  db: Db,
  run: { set: { id: string; name: string }; extractorId: string; snapshot: unknown; options: z.infer<typeof evaluationOptionsSchema> },
): Promise<string> {
  const items = await db('evaluation_items').where({ set_id: run.set.id }).orderBy([{ column: 'created_at' }, { column: 'id' }]).select('*');
  if (items.length === 0) throw serviceError('evaluation_set_empty', `Evaluation set '${run.set.name}' has no items to run`);
  checkItemsExpect(run.set.name, items, 'expected_output');
  const id = newId('evaluationRun');
  await db.transaction(async (trx) => {
    await trx('evaluation_runs').insert({
      id,
      set_id: run.set.id,
      extractor_id: run.extractorId,
      extractor_snapshot: JSON.stringify(run.snapshot),
      options: JSON.stringify(withDefaults(run.options)),
      status: 'queued',
    });
    await trx('evaluation_run_items').insert(
      items.map((item, position) => ({
        run_id: id,
        item_id: item.id,
        position,
        file_id: item.file_id,
        source_text: item.source_text,
        expected_output: JSON.stringify(item.expected_output),
      })),
    );
  });
  return id;
}

export async function findEvaluationRun(db: Db, id: string): Promise<EvaluationRun | null> {
  const row = await db('evaluation_runs').where({ id }).first('*', db.raw(PROGRESS_SQL));
  return row ? toEvaluationRun(row) : null;
}

export async function getEvaluationRun(db: Db, id: string): Promise<EvaluationRun> {
  const run = await findEvaluationRun(db, id);
  if (!run) throw notFound('Evaluation run', id);
  return run;
}

export async function listEvaluationRuns(db: Db, filter: z.infer<typeof listEvaluationRunsQuery>, page: PageRequest): Promise<{ rows: EvaluationRun[]; nextCursor: string | null }> {
  const q = db('evaluation_runs').select('*', db.raw(PROGRESS_SQL));
  if (filter.evaluation_set_id) q.where({ set_id: filter.evaluation_set_id });
  if (filter.status) q.where({ status: filter.status });
  const found = await keysetPage<any>(q, page);
  return { rows: found.rows.map(toEvaluationRun), nextCursor: found.nextCursor };
}

/**
 * queued/running → canceling: its jobs go to canceling and the run's workflow is cancelled, which
 * cancels the item jobs' workflows (so no model request stays open) and then settles the run.
 * A terminal or canceling run is returned unchanged.
 */
export async function cancelEvaluationRun(db: Db, temporal: Client, id: string): Promise<EvaluationRun> {
  const run = await getEvaluationRun(db, id);
  if (TERMINAL.includes(run.status)) return run;
  await markRunCanceling(db, id);
  await markEvaluationJobsCanceling(db, id);
  try {
    await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () => temporal.workflow.getHandle(id).cancel());
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) {
      throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; the request is recorded, retry it to make sure it reaches the run', { retryAfterSeconds: 5 });
    }
    // No workflow left to settle it.
    await settleRunCanceled(db, id);
  }
  return getEvaluationRun(db, id);
}

/** A finished run is deleted with its jobs; an active one must be canceled first (409 evaluation_run_active). */
export async function deleteEvaluationRun(db: Db, id: string): Promise<void> {
  const run = await getEvaluationRun(db, id);
  if (!TERMINAL.includes(run.status)) {
    throw serviceError('evaluation_run_active', `Evaluation run '${id}' is ${run.status}; cancel it and wait until it is canceled before deleting it`);
  }
  await db('evaluation_runs').where({ id }).whereIn('status', TERMINAL).delete();
}

/** `id` is the new run, `otherId` the baseline; both completed runs of the same set. */
export async function compareEvaluationRuns(db: Db, id: string, otherId: string): Promise<Comparison> {
  const [current, baseline] = [await getEvaluationRun(db, id), await getEvaluationRun(db, otherId)];
  if (current.evaluation_set_id !== baseline.evaluation_set_id) {
    throw serviceError('evaluation_sets_differ', `Runs '${id}' and '${otherId}' evaluate different sets; only runs of the same set compare`);
  }
  for (const run of [current, baseline]) {
    if (run.classifier_snapshot !== null) {
      throw serviceError('evaluation_run_not_comparable', `Evaluation run '${run.id}' measures a classifier; only extractor runs compare field by field`);
    }
    if (run.status !== 'completed' || !run.report) {
      throw serviceError('evaluation_run_not_completed', `Evaluation run '${run.id}' is ${run.status}; only completed runs have a report to compare`);
    }
  }
  return compareRuns(
    { report: current.report as Report, leaves: await scoredLeavesOf<ScoredLeaf>(db, id) },
    { report: baseline.report as Report, leaves: await scoredLeavesOf<ScoredLeaf>(db, otherId) },
  );
}
