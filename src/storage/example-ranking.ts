// Examples ranked by how similar their input text is to a job's, in Postgres full-text search
// (built in, no extension): the job's words as an OR query, each example's text ranked by
// ts_rank; ties go to the newest example.
import type { Db } from './db.js';

export interface RankCandidate {
  id: string;
  text: string;
  added_at: string;
}

/** At most this much of a text is compared (the start of a long document says what it is). */
export const SIMILARITY_TEXT_CHARS = 20_000;

/** The ids of the `limit` candidates most similar to `text`, most similar first. */
export async function rankBySimilarity(db: Db, text: string, candidates: RankCandidate[], limit: number): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await db.raw(
    `WITH q AS (SELECT nullif(replace(plainto_tsquery('simple', ?)::text, ' & ', ' | '), '')::tsquery AS q)
     SELECT c.id
       FROM json_to_recordset(?::json) AS c(id text, text text, added_at text, n int), q
      ORDER BY coalesce(ts_rank(to_tsvector('simple', c.text), q.q), 0) DESC, c.added_at DESC, c.n DESC
      LIMIT ?`,
    [text.slice(0, SIMILARITY_TEXT_CHARS), JSON.stringify(candidates.map((c, n) => ({ ...c, text: c.text.slice(0, SIMILARITY_TEXT_CHARS), n }))), limit],
  );
  return (rows.rows as Array<{ id: string }>).map((r) => r.id);
}

/** The content hash of each file (files.sha256), by id. */
export async function fileHashes(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = (await db('files').whereIn('id', ids).select('id', 'sha256')) as Array<{ id: string; sha256: string }>;
  return new Map(rows.map((r) => [r.id, r.sha256]));
}
