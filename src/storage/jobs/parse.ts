// Parse jobs: creation, the page of jobs with progress, and the plan a running job records.
// Their stored pages are ./results.ts.
import type { Db } from '../db.js';
import { keysetPage, type Page, type PageRequest } from '../pagination.js';
import { TABLE, type Conn, type ParseJobRow } from './tables.js';

export async function insertParseJob(
  db: Conn,
  values: { id: string; parser_id: string; parser_snapshot: unknown; file_id: string },
): Promise<ParseJobRow> {
  const [row] = await db(TABLE.parse)
    .insert({ ...values, parser_snapshot: JSON.stringify(values.parser_snapshot), status: 'queued' })
    .returning('*');
  return row;
}

const PARSE_PAGES_COMPLETED_SQL = '(select count(*) from parse_pages p where p.job_id = parse_jobs.id)::int';

/** A page of parse jobs, newest first, each with `pages_completed`. */
export async function pageOfParseJobs(
  db: Db,
  filter: { status?: string; parser_id?: string; batch_id?: string },
  page: PageRequest,
): Promise<Page<ParseJobRow & { pages_completed: number }>> {
  const q = db(TABLE.parse).select('parse_jobs.*', db.raw(`${PARSE_PAGES_COMPLETED_SQL} as pages_completed`));
  if (filter.status) q.where('parse_jobs.status', filter.status);
  if (filter.batch_id) q.where('parse_jobs.batch_id', filter.batch_id);
  if (filter.parser_id) q.where('parse_jobs.parser_id', filter.parser_id);
  return keysetPage(q, page, { createdAt: 'parse_jobs.created_at', id: 'parse_jobs.id' });
}

/** Progress: a parse job's plan, its page count and what is used (any status, as recordPagesTotal). */
export async function recordParsePlan(
  db: Db,
  id: string,
  plan: { pages_total: number; provider_name_used: string; model_used: string; reasoning_effort_used: string | null; model_adapter_used: string },
): Promise<boolean> {
  return (await db(TABLE.parse).where({ id }).update(plan)) === 1;
}
