// What a completed parse job offers for retrieval: chunks, tables (as data and as CSV) and the
// whole document in one file. Each read is computed from the stored blocks (./job-blocks.ts).
import { notFound, serviceError } from '../../errors.js';
import {
  chunkPages,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MEDIA_TYPES,
  documentTables,
  renderDocument,
  TOKENIZER,
  type Chunk,
  type ChunkOptions,
  type DocumentFormat,
  type DocumentTable,
} from '../../retrieval/index.js';
import type { Db } from '../../storage/db.js';
import { findJobRow } from '../../storage/jobs/reads.js';
import { csvLine } from '../batch-csv.js';
import { PAGE_BREAK } from '../parse-jobs.js';
import { jobPagesWithBlocks, type PageWithBlocks } from './job-blocks.js';

async function completedJobPages(db: Db, jobId: string): Promise<{ pages: PageWithBlocks[]; fileId: string }> {
  const row = await findJobRow(db, 'parse', jobId);
  if (!row) throw notFound('Parse job', jobId);
  if (row.status !== 'completed') {
    throw serviceError('job_not_completed', `Parse job '${jobId}' is ${row.status}; its chunks, tables and document are there once it has completed`);
  }
  return { pages: await jobPagesWithBlocks(db, jobId, row.file_id), fileId: row.file_id };
}

/** `found` runs once the job is known to be there and completed (the caller's own checks of its options). */
export async function parseJobChunks(db: Db, jobId: string, options: ChunkOptions, found?: () => void): Promise<{ tokenizer: string; chunks: Chunk[] }> {
  const { pages } = await completedJobPages(db, jobId);
  found?.();
  return { tokenizer: TOKENIZER, chunks: chunkPages(pages, options) };
}

export async function parseJobTables(db: Db, jobId: string): Promise<DocumentTable[]> {
  return documentTables((await completedJobPages(db, jobId)).pages);
}

/** A table as RFC 4180 CSV (CRLF line ends, fields quoted where they must be). */
export async function parseJobTableCsv(db: Db, jobId: string, index: number): Promise<string> {
  const tables = await parseJobTables(db, jobId);
  const table = tables[index];
  if (!table) {
    throw serviceError('not_found', `Parse job '${jobId}' has ${tables.length} table${tables.length === 1 ? '' : 's'}; there is no table ${index}`);
  }
  return table.rows.map(csvLine).join('');
}

export async function parseJobDocument(
  db: Db,
  jobId: string,
  format: DocumentFormat,
): Promise<{ body: string; mediaType: string; filename: string }> {
  const { pages, fileId } = await completedJobPages(db, jobId);
  const file = await db('files').where({ id: fileId }).first('filename');
  const stem = String(file?.filename ?? jobId).replace(/\.[^.]*$/, '') || jobId;
  return {
    body: renderDocument(pages, format, PAGE_BREAK, stem),
    mediaType: DOCUMENT_MEDIA_TYPES[format],
    filename: `${stem}.${DOCUMENT_EXTENSIONS[format]}`,
  };
}
