// `docextract parse FILE --chunks --max-tokens N` and `--tables-dir DIR`: a completed parse job's
// chunks (one JSON line each) and its tables (one RFC 4180 CSV file each), through the client.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocextractClient } from '../../clients/typescript/index.js';

/** The job's chunks as JSON lines (one chunk per line). */
export async function chunkLines(client: DocextractClient, jobId: string, opts: { maxTokens: number; overlapTokens: number }): Promise<string> {
  const { chunks } = await client.parseJobChunks(jobId, opts);
  return chunks.map((c) => `${JSON.stringify(c)}\n`).join('');
}

/** Writes `table-<index>.csv` per table into `dir` (created if missing); returns the paths written. */
export async function writeTables(client: DocextractClient, jobId: string, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const table of await client.parseJobTables(jobId)) {
    const file = path.join(dir, `table-${table.index}.csv`);
    await writeFile(file, await client.parseJobTableCsv(jobId, table.index));
    written.push(file);
  }
  return written;
}
