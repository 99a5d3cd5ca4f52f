// What a running job has stored so far, written as soon as each part is done so that progress is
// visible and a resumed job never redoes finished work: a parse job's pages (parse_pages) and a
// long extraction's windows (extraction_windows). Part of the job store (this folder): no other
// file names these tables. Inserts ignore a part already stored (a retried activity).
import type { Db } from '../db.js';

type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

// ---- parse pages -----------------------------------------------------------------------------

export async function storedPageNumbers(db: Db, jobId: string): Promise<number[]> {
  return (await db('parse_pages').where({ job_id: jobId }).select('page_number')).map((r) => r.page_number as number);
}

export async function pageIsStored(db: Db, jobId: string, pageNumber: number): Promise<boolean> {
  return !!(await db('parse_pages').where({ job_id: jobId, page_number: pageNumber }).first('page_number'));
}

export async function storePage(db: Db, page: { job_id: string; page_number: number; content: string; usage: Usage | null }): Promise<void> {
  await db('parse_pages')
    .insert({ ...page, usage: page.usage ? JSON.stringify(page.usage) : null })
    .onConflict(['job_id', 'page_number'])
    .ignore();
}

export async function storedPageUsage(db: Db, jobId: string): Promise<Array<{ page_number: number; usage: Usage | null }>> {
  return db('parse_pages').where({ job_id: jobId }).select('page_number', 'usage');
}

export async function storedPageContents(db: Db, jobId: string): Promise<Array<{ page_number: number; content: string }>> {
  return db('parse_pages').where({ job_id: jobId }).orderBy('page_number').select('page_number', 'content');
}

export async function countStoredPages(db: Db, jobId: string): Promise<number> {
  const [{ count }] = await db('parse_pages').where({ job_id: jobId }).count({ count: '*' });
  return Number(count);
}

// ---- parse page blocks (retrieval) ------------------------------------------------------------

/** Each page's blocks (null where not yet computed), in page order. */
export async function storedPageBlocks(db: Db, jobId: string): Promise<Array<{ page_number: number; blocks: unknown[] | null }>> {
  return db('parse_pages').where({ job_id: jobId }).orderBy('page_number').select('page_number', 'blocks');
}

/** Every page's content and blocks (null where not yet computed), in page order. */
export async function storedPagesWithBlocks(db: Db, jobId: string): Promise<Array<{ page_number: number; content: string; blocks: unknown[] | null }>> {
  return db('parse_pages').where({ job_id: jobId }).orderBy('page_number').select('page_number', 'content', 'blocks');
}

/** Sets the blocks of the given pages in one statement. */
export async function storePageBlocks(db: Db, jobId: string, pages: Array<{ page_number: number; blocks: unknown[] }>): Promise<void> {
  if (pages.length === 0) return;
  await db.raw(
    `update parse_pages p set blocks = v.blocks
       from jsonb_to_recordset(?::jsonb) as v(page_number int, blocks jsonb)
      where p.job_id = ? and p.page_number = v.page_number`,
    [JSON.stringify(pages), jobId],
  );
}

// ---- extraction windows ----------------------------------------------------------------------

export interface StoredWindow {
  first_page: number;
  last_page: number;
  data: unknown;
  usage: Usage | null;
  /** The window's own token probabilities (JSON Pointer → probability), or null. */
  confidence?: Record<string, number> | null;
}

export async function storedWindows(db: Db, jobId: string): Promise<StoredWindow[]> {
  return db('extraction_windows').where({ job_id: jobId }).orderBy('first_page').select('first_page', 'last_page', 'data', 'usage', 'confidence');
}

export async function windowIsStored(db: Db, jobId: string, firstPage: number): Promise<boolean> {
  return !!(await db('extraction_windows').where({ job_id: jobId, first_page: firstPage }).first('last_page'));
}

export async function storeWindow(db: Db, window: { job_id: string } & StoredWindow): Promise<void> {
  await db('extraction_windows')
    .insert({
      ...window,
      data: JSON.stringify(window.data),
      usage: window.usage ? JSON.stringify(window.usage) : null,
      confidence: window.confidence ? JSON.stringify(window.confidence) : null,
    })
    .onConflict(['job_id', 'first_page'])
    .ignore();
}
