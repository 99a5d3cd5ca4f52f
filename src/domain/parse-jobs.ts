import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound } from '../errors.js';
import type { Db } from '../storage/db.js';
import { startJobWorkflow } from '../temporal/job-workflows.js';
import { createJob, inputFileName } from './job-creation.js';
import { retryJob } from './job-control.js';
import { latestRetries, type JobRetry } from '../storage/call-retries.js';
import { countStoredPages } from '../storage/jobs/results.js';
import type { Block } from '../retrieval/index.js';
import { jobPagesWithBlocks } from './retrieval/job-blocks.js';
import { insertParseJob, pageOfParseJobs } from '../storage/jobs/parse.js';
import { findJobRow } from '../storage/jobs/reads.js';
import { newId } from './ids.js';
import { JOB_STATUSES } from './job-status.js';
import type { Page, PageRequest } from '../storage/pagination.js';
import { findParserByRef, type Parser } from './parsers.js';
import { iso, isoOrNull } from './time.js';
import { text } from './text.js';

export const PAGE_BREAK = '\n\n<!-- PageBreak -->\n\n';
export const DEFAULT_PARSER_NAME = 'document-to-markdown';

export const createParseJobBody = z
  .strictObject({
    parser_id: text(1, 128).optional(),
    parser_name: text(1, 128).optional(),
    file_id: text(1, 128),
  })
  .refine((b) => !(b.parser_id && b.parser_name), {
    path: ['parser_name'],
    message: "Give at most one of 'parser_id' or 'parser_name'",
  });

export const listParseJobsQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  parser_id: text(1, 128).optional(),
  batch_id: text(1, 128).optional(),
});

export interface ParserSnapshot {
  parser_id: string;
  name: string;
  display_name: string;
  output_format: 'markdown';
  instructions: string;
  reasoning_effort: string | null;
  provider_name: string;
  model: string;
}

/** The parser as a job keeps it: later edits of the parser never change the job. */
export function parserSnapshot(parser: Parser): ParserSnapshot {
  return {
    parser_id: parser.id,
    name: parser.name,
    display_name: parser.display_name,
    output_format: 'markdown',
    instructions: parser.instructions,
    reasoning_effort: parser.reasoning_effort,
    provider_name: parser.provider_name,
    model: parser.model,
  };
}

interface PageRow {
  page_number: number;
  content: string;
  /** The page read as typed blocks (retrieval); every page of a completed job's read has them. */
  blocks?: Block[];
}

export function toParseJobResponse(row: any, pages?: PageRow[], pagesCompleted?: number, retry?: JobRetry | null) {
  const completed = row.status === 'completed' && pages;
  return {
    id: row.id,
    parser_id: row.parser_id,
    file_id: row.file_id,
    parser_snapshot: row.parser_snapshot as ParserSnapshot,
    provider_name_used: row.provider_name_used ?? null,
    model_used: row.model_used ?? null,
    reasoning_effort_used: row.reasoning_effort_used ?? null,
    model_adapter_used: row.model_adapter_used ?? null,
    status: row.status,
    result: completed
      ? {
          format: 'markdown' as const,
          content: pages.map((p) => p.content).join(PAGE_BREAK),
          page_count: pages.length,
          pages: pages.map((p) => ({ page_number: p.page_number, content: p.content, ...(p.blocks ? { blocks: p.blocks } : {}) })),
        }
      : null,
    error: row.status === 'failed' ? (row.error ?? null) : null,
    progress:
      row.pages_total == null ? null : { pages_total: row.pages_total, pages_completed: pagesCompleted ?? pages?.length ?? 0 },
    usage: row.usage ?? null,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    /** A page failing transiently and waiting for its next attempt (running jobs only). */
    retry: row.status === 'running' ? (retry ?? null) : null,
    /** The batch the job is an item of and its key there (null for a job created on its own). */
    batch_id: row.batch_id ?? null,
    custom_id: row.custom_id ?? null,
  };
}
export type ParseJobResponse = ReturnType<typeof toParseJobResponse>;

export async function createParseJob(
  db: Db,
  temporal: Client,
  config: Config,
  body: z.infer<typeof createParseJobBody>,
  idempotencyKey?: string,
): Promise<{ job: ParseJobResponse; replayed: boolean }> {
  const ref = body.parser_id ?? body.parser_name ?? DEFAULT_PARSER_NAME;
  const parser = await findParserByRef(db, ref);
  if (!parser || (body.parser_id && parser.id !== ref) || (body.parser_name && parser.name !== ref)) {
    throw notFound('Parser', ref);
  }
  const fileName = await inputFileName(db, body.file_id);

  const snapshot = parserSnapshot(parser);
  const id = newId('parseJob');
  const memo = { job_kind: 'parse' as const, definition_name: parser.name, file_id: body.file_id, file_name: fileName };
  return createJob({ db, temporal, config }, { kind: 'parse', id, memo, idempotency: { key: idempotencyKey, body } }, async (trx) => {
    const row = await insertParseJob(trx, { id, parser_id: parser.id, parser_snapshot: snapshot, file_id: body.file_id });
    return toParseJobResponse(row, [], 0);
  });
}

/**
 * A parse job as GET returns it, or null when there is none (read through ./job-reads.ts).
 * `withResult: false` counts the pages of a completed job instead of reading them (result null).
 */
export async function findParseJob(db: Db, id: string, { withResult = true } = {}): Promise<ParseJobResponse | null> {
  const row = await findJobRow(db, 'parse', id);
  if (!row) return null;
  if (row.status === 'completed' && withResult) {
    return toParseJobResponse(row, await jobPagesWithBlocks(db, id, row.file_id));
  }
  const count = await countStoredPages(db, id);
  const retries = row.status === 'running' ? await latestRetries(db, [id]) : new Map();
  return toParseJobResponse(row, undefined, count, retries.get(id));
}

export async function getParseJob(db: Db, id: string): Promise<ParseJobResponse> {
  const job = await findParseJob(db, id);
  if (!job) throw notFound('Parse job', id);
  return job;
}

/** failed → queued with a new workflow run; pages already stored are not requested again. */
export async function retryParseJob(db: Db, temporal: Client, config: Config, id: string): Promise<ParseJobResponse> {
  await retryJob(db, 'parse', id, async () => {
    const row = (await findJobRow(db, 'parse', id))!;
    await startJobWorkflow(
      temporal,
      config,
      'parse',
      id,
      { job_kind: 'parse', definition_name: (row.parser_snapshot as ParserSnapshot).name, file_id: row.file_id },
      { newRun: true },
    );
  });
  return getParseJob(db, id);
}

/**
 * A job as lists show it: every field of a read, but the result only summarised
 * (`{format, page_count}`), so a page of 20 jobs never carries every page's Markdown.
 * GET of one job returns the result whole.
 */
export function toParseJobSummary(row: any, pagesCompleted: number, retry?: JobRetry | null) {
  const job = toParseJobResponse(row, undefined, pagesCompleted, retry);
  return {
    ...job,
    result: row.status === 'completed' ? { format: 'markdown' as const, page_count: pagesCompleted } : null,
  };
}
export type ParseJobSummary = ReturnType<typeof toParseJobSummary>;

/** Lists carry the fields of a read with a summary of the result (page count, no content). */
export async function listParseJobs(
  db: Db,
  filter: z.infer<typeof listParseJobsQuery>,
  page: PageRequest,
): Promise<Page<ParseJobSummary>> {
  const rows = await pageOfParseJobs(db, filter, page);
  const retries = await latestRetries(db, rows.rows.filter((r) => r.status === 'running').map((r) => r.id));
  return { nextCursor: rows.nextCursor, rows: rows.rows.map((r) => toParseJobSummary(r, Number(r.pages_completed), retries.get(r.id))) };
}
