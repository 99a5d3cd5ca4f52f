// The blocks of a completed parse job's pages: computed once from the pages' Markdown and the
// file's text layer, and stored with the pages. The worker computes them as the job completes;
// a job completed before blocks existed gains them here on its first read.
import { readPageWords, readPageWordsWithin, type Word } from '../../documents/index.js';
import { documentBlocks, type Block, type BlockPage } from '../../retrieval/index.js';
import type { Db } from '../../storage/db.js';
import { fileStore } from '../../storage/file-store.js';
import { storedPagesWithBlocks, storePageBlocks } from '../../storage/job-results.js';
import { getFileOcrWords } from '../../storage/page-ocr.js';

/**
 * The pages' words with each page that has no text layer of its own given its stored OCR words
 * (issue 54: blocks of scanned pages and images get boxes too).
 */
async function withOcrWords(db: Db, fileId: string | undefined, words: Word[][]): Promise<Word[][]> {
  if (!fileId) return words;
  const ocr = await getFileOcrWords(db, fileId);
  if (ocr.size === 0) return words;
  const out = [...words];
  for (const [page, pageWords] of ocr) {
    if ((out[page - 1]?.length ?? 0) > 0) continue;
    while (out.length < page - 1) out.push([]);
    out[page - 1] = pageWords.map((w) => ({ text: w.text, ...w.box }));
  }
  return out;
}

export type PageWithBlocks = BlockPage & { content: string };

/** The file's words per page; none when the file is gone or its text layer cannot be read. */
function wordsOf(bytes: Buffer | undefined) {
  if (!bytes) return [];
  try {
    return readPageWords(bytes);
  } catch {
    return []; // an unreadable text layer leaves boxes null; the blocks are still the Markdown's
  }
}

/**
 * The worker's step at completion: computes and stores the blocks unless reading the text layer
 * takes longer than `budgetMs` (a very long document on a busy worker must not hold up the job's
 * completion); then the blocks are left to the first read. Returns whether they were stored.
 */
export async function storeJobBlocksWithin(db: Db, jobId: string, bytes: Buffer | undefined, budgetMs: number, fileId?: string): Promise<boolean> {
  let words: Awaited<ReturnType<typeof readPageWordsWithin>> = [];
  try {
    words = bytes ? await readPageWordsWithin(bytes, budgetMs) : [];
  } catch {
    words = []; // an unreadable text layer leaves boxes null
  }
  if (words === null) return false;
  const pages = await storedPagesWithBlocks(db, jobId);
  await storePageBlocks(db, jobId, documentBlocks(pages, await withOcrWords(db, fileId, words)));
  return true;
}

/** Computes and stores the blocks of every stored page of the job (the first read of an older job). */
export async function computeJobBlocks(
  db: Db,
  jobId: string,
  bytes: Buffer | undefined,
  pages?: Array<{ page_number: number; content: string }>,
  fileId?: string,
): Promise<PageWithBlocks[]> {
  pages ??= await storedPagesWithBlocks(db, jobId);
  const withBlocks = documentBlocks(pages, await withOcrWords(db, fileId, wordsOf(bytes)));
  await storePageBlocks(db, jobId, withBlocks);
  return withBlocks.map((p, i) => ({ ...p, content: pages![i]!.content }));
}

/**
 * Every page of a completed job with its blocks, computing and storing them when any page has
 * none (headers and footers are told by comparing pages, so all pages are computed together).
 */
export async function jobPagesWithBlocks(db: Db, jobId: string, fileId: string): Promise<PageWithBlocks[]> {
  const pages = await storedPagesWithBlocks(db, jobId);
  if (pages.every((p) => Array.isArray(p.blocks))) {
    return pages.map((p) => ({ page_number: p.page_number, content: p.content, blocks: p.blocks as Block[] }));
  }
  const bytes = await fileStore(db).get(fileId);
  return computeJobBlocks(db, jobId, bytes ?? undefined, pages, fileId);
}
