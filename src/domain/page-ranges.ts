// Page extraction ranges on job inputs (issue 44): `pages: {start, end}`, 1-based and inclusive,
// on a file. Checked against the file's page count when the job is created: a range that does not
// fit is 422 `invalid_page_range`, never a job that fails later.
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { serviceError } from '../errors.js';
import { pageRangeProblem, type PageRange } from '../long-documents/page-range.js';
export { rangeOfRow as pagesOfRow } from '../long-documents/page-range.js';
import type { Db } from '../storage/db.js';
import { filePageCount } from './page-images.js';

/** The request field. Integers only here; whether they fit the file is the domain's 422 below. */
export const pagesField = z.strictObject({ start: z.number().int(), end: z.number().int() });

/** 422 `invalid_page_range` unless `range` fits the file; `where` prefixes the message (a batch input). */
export async function checkPageRange(db: Db, config: Config, input: { file_id?: string | null; pages?: PageRange | null }, where = ''): Promise<void> {
  const range = input.pages;
  if (!range) return;
  if (!input.file_id) throw serviceError('invalid_page_range', `${where}'pages' applies to a file; inline text has no pages`);
  const count = await filePageCount(db, config, input.file_id);
  // A file whose pages cannot be counted has no range to read (the job would fail on it anyway).
  if (typeof count !== 'number') throw serviceError('invalid_page_range', `${where}The pages of file '${input.file_id}' cannot be counted: ${count.unreadable}`);
  const problem = pageRangeProblem(range, count);
  if (problem) throw serviceError('invalid_page_range', `${where}${problem}`);
}

/** The row columns of a range (both null for the whole file). */
export function rangeColumns(range: PageRange | null | undefined): { page_start: number | null; page_end: number | null } {
  return { page_start: range?.start ?? null, page_end: range?.end ?? null };
}
