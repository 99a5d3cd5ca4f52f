// Reads the release gate's candidates share between the API and the workflow's activities.
import type { Db } from '../../storage/db.js';

export const CANDIDATE_STATUSES = ['running', 'passed', 'regressed', 'failed', 'canceled'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/**
 * The newest completed run of this extractor version on the set, not a candidate's run (a
 * candidate's snapshot is of a version that may never exist), or null.
 */
export async function baselineRunOf(db: Db, extractorId: string, setId: string, version: number): Promise<{ id: string; options: Record<string, unknown> } | null> {
  const row = await db('evaluation_runs')
    .where({ extractor_id: extractorId, set_id: setId, status: 'completed' })
    .whereRaw(`coalesce((extractor_snapshot->>'version')::int, 1) = ?`, [version])
    .whereNotExists(db('extractor_candidates').whereRaw('extractor_candidates.candidate_run_id = evaluation_runs.id'))
    .orderBy([{ column: 'completed_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .first('id', 'options');
  return row ? { id: row.id, options: row.options } : null;
}
