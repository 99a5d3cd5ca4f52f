// A parse batch's results as chunks: one line per chunk of each completed item, in input order,
// with the item's custom_id and job_id. Read item by item (never the whole batch in memory).
import { serviceError } from '../../errors.js';
import { chunkPages, type Chunk, type ChunkOptions } from '../../retrieval/index.js';
import type { Db } from '../../storage/db.js';
import { batchForExport, batchResults } from '../batches.js';
import { findJobRow } from '../../storage/jobs/reads.js';
import { jobPagesWithBlocks } from './job-blocks.js';

export type BatchChunkLine = { custom_id: string; job_id: string } & Chunk;

export async function* batchChunkLines(db: Db, batchId: string, options: ChunkOptions): AsyncGenerator<BatchChunkLine> {
  const { kind } = await batchForExport(db, batchId);
  if (kind !== 'parse') {
    throw serviceError('not_found', `Batch '${batchId}' is an extraction batch: chunks come from parse batches (its results are at /v1/batches/${batchId}/results)`);
  }
  for await (const item of batchResults(db, batchId, 'completed')) {
    const row = await findJobRow(db, 'parse', item.job_id);
    if (!row) continue; // deleted since it ended
    for (const chunk of chunkPages(await jobPagesWithBlocks(db, item.job_id, row.file_id), options)) {
      yield { custom_id: item.custom_id, job_id: item.job_id, ...chunk };
    }
  }
}
