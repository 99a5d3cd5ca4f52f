// The release gate (issue 40, item 5): a candidate is a proposed partial update of an extractor,
// run on the extractor's evaluation set and compared with a completed run of the version it was made
// from, by one durable workflow (workflows/candidate.ts). Promotion applies the changes as a new
// version, refused while it made anything worse unless forced.
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../../config/index.js';
import { notFound, serviceError } from '../../errors.js';
import type { Comparison, LeafChange } from '../../evaluation/scoring/index.js';
import type { Db } from '../../storage/db.js';
import { keysetPage, type PageRequest } from '../../storage/pagination.js';
import { startCandidateWorkflow } from '../../temporal/candidate-workflows.js';
import { TEMPORAL_CALL_DEADLINE_MS } from '../../temporal/job-workflows.js';
import { assertUserDefined, findRowByRef } from '../definitions-common.js';
import { cancelEvaluationRun, insertEvaluationRun } from '../evaluation-runs.js';
import { getEvaluationSet } from '../evaluation-sets.js';
import { EXTRACTOR_KIND, extractorPatchSchema, getExtractor, mergePatch, patchExtractor, toExtractor, type ExtractorRow } from '../extractors.js';
import { newId } from '../ids.js';
import { iso, isoOrNull } from '../time.js';
import { baselineRunOf, CANDIDATE_STATUSES, type CandidateStatus } from './lookup.js';

export { CANDIDATE_STATUSES };

export const createCandidateBody = z.strictObject({ changes: extractorPatchSchema });
export const promoteCandidateBody = z.strictObject({ force: z.boolean().optional() });

export function toCandidate(row: any) {
  return {
    id: row.id as string,
    extractor_id: row.extractor_id as string,
    status: row.status as CandidateStatus,
    /** The extractor version the candidate was made from; promotion needs it unchanged. */
    base_version: row.base_version as number,
    changes: row.changes as Record<string, unknown>,
    baseline_run_id: (row.baseline_run_id ?? null) as string | null,
    candidate_run_id: (row.candidate_run_id ?? null) as string | null,
    comparison: (row.comparison ?? null) as Comparison | null,
    error: (row.error ?? null) as { code: string; message: string } | null,
    promoted_version: (row.promoted_version ?? null) as number | null,
    promotion_forced: (row.promotion_forced ?? null) as boolean | null,
    promoted_at: isoOrNull(row.promoted_at),
    created_at: iso(row.created_at),
    completed_at: isoOrNull(row.completed_at),
  };
}
export type Candidate = ReturnType<typeof toCandidate>;

type Deps = { db: Db; temporal: Client; config: Config };

/**
 * Validate the changes as PATCH does, freeze the changed definition (version + 1) and the current
 * one, create the candidate run (and the baseline run when no completed run of this version on the
 * set exists), then start the workflow that runs them and compares.
 */
export async function createCandidate({ db, temporal, config }: Deps, ref: string, body: z.infer<typeof createCandidateBody>): Promise<Candidate> {
  const created = await db.transaction(async (trx) => {
    const row = await findRowByRef<ExtractorRow>(trx, EXTRACTOR_KIND, ref, true);
    if (!row) throw notFound('Extractor', ref);
    assertUserDefined(EXTRACTOR_KIND, row);
    if (!row.evaluation_set) {
      throw serviceError('evaluation_set_missing', `Extractor '${row.name}' has no evaluation_set; set one (PATCH /v1/extractors/${row.name}) to measure changes on it`);
    }
    const set = await getEvaluationSet(trx, row.evaluation_set);
    const merged = await mergePatch(trx, config, row, body.changes);
    const current = toExtractor(row);
    const changed = toExtractor({ ...row, ...merged, version: row.version + 1 });
    const baseline = await baselineRunOf(trx, row.id, set.id, row.version);
    const baselineRunId = baseline?.id ?? (await insertEvaluationRun(trx, { set, extractorId: row.id, snapshot: current, options: {} }));
    // Measured with the baseline's options, so the two runs compare like with like.
    const candidateRunId = await insertEvaluationRun(trx, { set, extractorId: row.id, snapshot: changed, options: baseline?.options ?? {} });
    const id = newId('candidate');
    await trx('extractor_candidates').insert({
      id,
      extractor_id: row.id,
      base_version: row.version,
      changes: JSON.stringify(body.changes),
      candidate_snapshot: JSON.stringify(changed),
      set_id: set.id,
      status: 'running',
      baseline_run_id: baselineRunId,
      candidate_run_id: candidateRunId,
    });
    return { id, name: row.name, setName: set.name, newRunIds: baseline ? [candidateRunId] : [baselineRunId, candidateRunId] };
  });
  try {
    await startCandidateWorkflow(temporal, config, created.id, { definition_name: created.name, evaluation_set: created.setName });
  } catch {
    await db('extractor_candidates').where({ id: created.id }).delete();
    await db('evaluation_runs').whereIn('id', created.newRunIds).delete();
    throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; retry the request', { retryAfterSeconds: 5 });
  }
  return getCandidate(db, created.name, created.id);
}

export async function getCandidate(db: Db, ref: string, id: string): Promise<Candidate> {
  const extractor = await getExtractor(db, ref);
  const row = await db('extractor_candidates').where({ id, extractor_id: extractor.id }).first();
  if (!row) throw notFound('Candidate', id);
  return toCandidate(row);
}

export async function listCandidates(db: Db, ref: string, page: PageRequest): Promise<{ rows: Candidate[]; nextCursor: string | null }> {
  const extractor = await getExtractor(db, ref);
  const found = await keysetPage<any>(db('extractor_candidates').where({ extractor_id: extractor.id }).select('*'), page);
  return { rows: found.rows.map(toCandidate), nextCursor: found.nextCursor };
}

/**
 * running → canceled at once; the workflow, cancelled, cancels the runs it started (their jobs
 * settle as a run's do). A finished candidate is returned unchanged.
 */
export async function cancelCandidate(db: Db, temporal: Client, ref: string, id: string): Promise<Candidate> {
  const candidate = await getCandidate(db, ref, id);
  if (candidate.status !== 'running') return candidate;
  await db('extractor_candidates').where({ id, status: 'running' }).update({ status: 'canceled', completed_at: db.fn.now() });
  try {
    await temporal.withDeadline(Date.now() + TEMPORAL_CALL_DEADLINE_MS, () => temporal.workflow.getHandle(id).cancel());
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) {
      throw serviceError('scheduler_unavailable', 'The job scheduler is unavailable; the request is recorded, retry it to make sure it reaches the candidate', { retryAfterSeconds: 5 });
    }
    // No workflow left to stop its runs: stop them here.
    for (const runId of [candidate.baseline_run_id, candidate.candidate_run_id]) if (runId) await cancelEvaluationRun(db, temporal, runId);
  }
  return getCandidate(db, ref, id);
}

/**
 * Apply a finished candidate's changes as a new version of its extractor. 409 candidate_not_finished
 * (running, failed or canceled), regressions_found (unless force; a forced promotion is recorded),
 * extractor_changed (the version moved since the candidate was made).
 */
export async function promoteCandidate(deps: { db: Db; config: Config }, ref: string, id: string, body: z.infer<typeof promoteCandidateBody>): Promise<Candidate> {
  const { db, config } = deps;
  const extractor = await getExtractor(db, ref);
  await db.transaction(async (trx) => {
    const row = await trx('extractor_candidates').where({ id, extractor_id: extractor.id }).forUpdate().first();
    if (!row) throw notFound('Candidate', id);
    const candidate = toCandidate(row);
    if (candidate.status !== 'passed' && candidate.status !== 'regressed') {
      throw serviceError('candidate_not_finished', `Candidate '${id}' is ${candidate.status}; only a passed or regressed candidate can be promoted`);
    }
    const regressions: LeafChange[] = candidate.comparison?.regressions ?? [];
    const forced = candidate.status === 'regressed';
    if (forced && !body.force) {
      throw serviceError('regressions_found', {
        message: `Candidate '${id}' makes ${regressions.length} value(s) worse than version ${candidate.base_version}; promote with {"force": true} to apply it anyway`,
        regressions,
      });
    }
    const promoted = await patchExtractor({ db: trx, config }, extractor.id, candidate.changes, candidate.base_version);
    await trx('extractor_candidates').where({ id }).update({ promoted_version: promoted.version, promotion_forced: forced, promoted_at: trx.fn.now() });
  });
  return getCandidate(db, ref, id);
}
