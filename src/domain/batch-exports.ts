// A batch's results as the two documents the service serves and writes (GET /v1/batches/{id}/results
// and …/results.csv; a batch's bucket destination, ./batch-destination.ts): one generator of text
// each, read from Postgres page by page, so both places give the same bytes.
import { serviceError } from '../errors.js';
import type { JobStatus } from '../kinds.js';
import type { Db } from '../storage/db.js';
import { csvColumns, csvHeader, csvLine, csvRows, type CsvItem } from './batch-csv.js';
import { batchForExport, batchResults, type BatchResultLine } from './batches.js';

/** One JSON line per ended item, in input order. */
export async function* ndjsonLines(db: Db, id: string, status?: JobStatus): AsyncGenerator<string> {
  for await (const line of batchResults(db, id, status)) yield `${JSON.stringify(line)}\n`;
}

/** An extraction batch's CSV, header first (a batch of another kind: not_found, pointing at its results). */
export async function* csvLines(db: Db, id: string, opts: { status?: JobStatus; withConfidence?: boolean } = {}): AsyncGenerator<string> {
  const { kind, schema } = await batchForExport(db, id);
  if (kind !== 'extraction') throw serviceError('not_found', `Batch '${id}' is a ${kind} batch: its results are at /v1/batches/${id}/results (CSV is for extraction batches)`);
  const columns = csvColumns(schema);
  const withConfidence = opts.withConfidence === true;
  yield csvLine(csvHeader(columns, withConfidence));
  for await (const line of batchResults(db, id, opts.status)) {
    for (const row of csvRows(columns, csvItem(line), withConfidence)) yield csvLine(row);
  }
}

/** One item as the CSV shows it: an approved review's values replace the model's. */
function csvItem(line: BatchResultLine): CsvItem {
  const approved = line.review?.status === 'approved';
  return {
    custom_id: line.custom_id,
    status: line.status,
    error_code: line.error?.code ?? null,
    job_id: line.job_id,
    review_status: line.review?.status ?? null,
    flagged_paths: (line.flags ?? []).map((f) => (f as { path: string }).path),
    failed_rules: (line.rule_results ?? []).filter((r) => r.passed === false).map((r) => r.id),
    result: approved ? line.review!.reviewed_data : extractedData(line.result),
    confidence: line.confidence,
  };
}

/** An extraction job's result is `{data, provenance?, ...}`: the CSV's columns are of `data`. */
function extractedData(result: unknown): unknown {
  return result && typeof result === 'object' ? (result as { data?: unknown }).data ?? null : null;
}
