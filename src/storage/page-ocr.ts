// A file page's stored OCR words (db/migrations/036_page_ocr.ts): a claim row while one reader
// reads the page, then the result, so a page is read at most once per file.
import type { Db } from './db.js';

export interface StoredOcrWord {
  text: string;
  box: { x0: number; y0: number; x1: number; y1: number };
  confidence: number;
}

export interface StoredPageOcr {
  text: string;
  words: StoredOcrWord[];
  rotation: number;
}

/** The stored OCR result of a page, or undefined when it has not been read (or is being read). */
export async function getPageOcr(db: Db, fileId: string, page: number): Promise<StoredPageOcr | undefined> {
  const row = await db('file_page_ocr').where({ file_id: fileId, page, status: 'done' }).first('text', 'words', 'rotation');
  return row ? { text: (row.text as string) ?? '', words: (row.words as StoredOcrWord[]) ?? [], rotation: (row.rotation as number) ?? 0 } : undefined;
}

/**
 * Claims the reading of a page: true when this caller is to read it (no row yet, or a claim older
 * than `staleMs` whose reader is gone); false when it is read or being read by someone else.
 */
export async function claimPageOcr(db: Db, fileId: string, page: number, staleMs: number): Promise<boolean> {
  const rows = await db.raw(
    `INSERT INTO file_page_ocr (file_id, page, status) VALUES (?, ?, 'running')
     ON CONFLICT (file_id, page) DO UPDATE SET claimed_at = now()
       WHERE file_page_ocr.status = 'running' AND file_page_ocr.claimed_at < now() - make_interval(secs => ?)
     RETURNING file_id`,
    [fileId, page, staleMs / 1000],
  );
  return (rows.rows as unknown[]).length > 0;
}

export async function storePageOcr(db: Db, fileId: string, page: number, result: StoredPageOcr): Promise<void> {
  await db('file_page_ocr')
    .where({ file_id: fileId, page })
    .update({ status: 'done', text: result.text, words: JSON.stringify(result.words), rotation: result.rotation, done_at: db.fn.now() });
}

/** Gives a claim up (the page ran past its time limit): a later reader may try again. */
export async function releasePageOcr(db: Db, fileId: string, page: number): Promise<void> {
  await db('file_page_ocr').where({ file_id: fileId, page, status: 'running' }).delete();
}

/** Every stored OCR reading of a file, by page (one-based): the words provenance searches on scanned pages. */
export async function getFileOcrWords(db: Db, fileId: string): Promise<Map<number, StoredOcrWord[]>> {
  const rows = await db('file_page_ocr').where({ file_id: fileId, status: 'done' }).select('page', 'words');
  return new Map(rows.map((r) => [r.page as number, (r.words as StoredOcrWord[]) ?? []]));
}

/** The stored OCR text of a file's pages, in page order ('' when none is stored). */
export async function getFileOcrText(db: Db, fileId: string, maxPages = 10): Promise<string> {
  const rows = await db('file_page_ocr').where({ file_id: fileId, status: 'done' }).where('page', '<=', maxPages).orderBy('page').select('text');
  return rows.map((r) => (r.text as string) ?? '').join('\n');
}
