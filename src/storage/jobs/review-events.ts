// Statements on the review of extraction jobs: the append-only review events and examples added
// from a review. The job's `review` column itself is ./extraction.ts's (lockJobForReview,
// writeReview); a classification job's review and its events are ./classification.ts.
import type { Knex } from 'knex';
import type { Db } from '../db.js';

type Conn = Db | Knex.Transaction;

export interface ReviewEventInput {
  action: string;
  path: string | null;
  value_before: unknown;
  value_after: unknown;
  actor: string | null;
}

/** Append decisions, in order, at one time. */
export async function appendReviewEvents(trx: Conn, jobId: string, events: ReviewEventInput[], at: Date): Promise<void> {
  if (events.length === 0) return;
  await trx('extraction_review_events').insert(
    events.map((e) => ({
      job_id: jobId,
      at,
      action: e.action,
      path: e.path,
      // jsonb: a JSON null is stored as the JSON value null, not SQL NULL, so "before: null" is kept.
      value_before: JSON.stringify(e.value_before ?? null),
      value_after: JSON.stringify(e.value_after ?? null),
      actor: e.actor,
    })),
  );
}

/** Every decision on the job, in the order made. */
export function listReviewEvents(db: Conn, jobId: string) {
  return db('extraction_review_events').where({ job_id: jobId }).orderBy('seq').select('at', 'action', 'path', 'value_before', 'value_after', 'actor');
}

/** Paths that have had a field decision (accept, correct or mark_absent). */
export async function decidedPaths(db: Conn, jobId: string): Promise<Set<string>> {
  const rows = await db('extraction_review_events')
    .where({ job_id: jobId })
    .whereIn('action', ['accept', 'correct', 'mark_absent'])
    .distinct('path');
  return new Set(rows.map((r: { path: string }) => r.path));
}

/** Append an example to an extractor's examples (add_as_example of an approved review). */
export async function appendExtractorExample(trx: Conn, extractorId: string, example: unknown): Promise<void> {
  await trx('extractors')
    .where({ id: extractorId })
    // A new example is a change of the definition: a new version (issue 40).
    .update({ examples: trx.raw("examples || jsonb_build_array(?::jsonb)", [JSON.stringify(example)]), version: trx.raw('version + 1'), updated_at: trx.fn.now() });
}
