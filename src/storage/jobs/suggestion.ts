// Schema suggestion jobs (issue 51): creation with their sample files, and the page of jobs.
import type { Db } from '../db.js';
import { keysetPage, type Page, type PageRequest } from '../pagination.js';
import { TABLE, type Conn, type SuggestionJobRow } from './tables.js';

/** A schema suggestion job (queued) with its sample files in their order. */
export async function insertSuggestionJob(
  db: Conn,
  values: { id: string; file_ids: string[]; texts: string[] | null; instructions: string | null; provider_name: string; model: string },
): Promise<SuggestionJobRow> {
  const [row] = await db(TABLE.suggestion)
    .insert({
      ...values,
      file_id: values.file_ids[0] ?? null,
      file_ids: JSON.stringify(values.file_ids),
      texts: values.texts === null ? null : JSON.stringify(values.texts),
      status: 'queued',
    })
    .returning('*');
  if (values.file_ids.length > 0) {
    await db('schema_suggestion_files').insert(values.file_ids.map((file_id, position) => ({ job_id: values.id, file_id, position })));
  }
  return row;
}

/** A page of schema suggestion jobs, newest first. */
export async function pageOfSuggestionJobs(db: Db, filter: { status?: string }, page: PageRequest): Promise<Page<SuggestionJobRow>> {
  const q = db(TABLE.suggestion).select('*');
  if (filter.status) q.where({ status: filter.status });
  return keysetPage(q, page);
}
