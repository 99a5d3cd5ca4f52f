// A batch's results written to its bucket destination when it ends (issue 53 item 4, docs/batches.md
// "From and to a bucket"): `results.ndjson` (and `results.csv` for an extraction batch) under the
// destination prefix, the same bytes as GET /v1/batches/{id}/results and …/results.csv. Called by
// the activity that saw the batch end (activities/batches.ts), before the run's end event: a worker
// that crashes in between retries the activity, whose next attempt finds the batch ended and
// writes again (the objects are overwritten whole, so a repeat is harmless). The batch records
// when they were written.
import type { Db } from '../storage/db.js';
import * as batches from '../storage/batches.js';
import { destinationKeys, requireBucket } from './batch-buckets.js';
import { csvLines, ndjsonLines } from './batch-exports.js';

/** Write an ended batch's results to its destination, unless it has none or they are written already. Returns whether it wrote. */
export async function writeBatchDestination(db: Db, batchId: string): Promise<boolean> {
  const row = await batches.findBatch(db, batchId);
  if (!row?.destination_prefix || !batches.BATCH_ENDED.includes(row.status) || row.destination_written_at) return false;
  const objects = requireBucket();
  const keys = destinationKeys(row.destination_prefix, row.kind);
  await objects.put(objects.key(keys.results_ndjson_key), asBuffers(ndjsonLines(db, batchId)), 'application/x-ndjson; charset=utf-8');
  if (keys.results_csv_key) await objects.put(objects.key(keys.results_csv_key), asBuffers(csvLines(db, batchId)), 'text/csv; charset=utf-8');
  return batches.markDestinationWritten(db, batchId);
}

/** Lines as buffers of ~64 KiB (a streamed upload sends them part by part, never the whole document at once). */
async function* asBuffers(lines: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let pending = '';
  for await (const line of lines) {
    pending += line;
    if (pending.length >= 65_536) {
      yield Buffer.from(pending);
      pending = '';
    }
  }
  yield Buffer.from(pending);
}
