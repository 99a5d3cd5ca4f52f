// Schema suggestions (issue 51): a durable job of its own kind (`sug_`, design.md "Suggestions are
// jobs") that shows the model the first pages of 1–10 sample files (or inline texts) and the user's
// instructions, and records a schema that `PUT /v1/extractors/{name}` accepts as it is, with notes
// on its fields and suggested rules (never applied). Creation, status, long-poll, cancel, delete
// and Idempotency-Key work as for the other job kinds.
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Config } from '../config/index.js';
import { notFound } from '../errors.js';
import { latestRetries, type JobRetry } from '../storage/call-retries.js';
import type { Db } from '../storage/db.js';
import { findJobRow } from '../storage/jobs/reads.js';
import { insertSuggestionJob, pageOfSuggestionJobs } from '../storage/jobs/suggestion.js';
import { type SuggestionJobRow } from '../storage/jobs/tables.js';
import type { Page, PageRequest } from '../storage/pagination.js';
import { providerNameSchema, modelSchema, resolveModelChoice } from './definitions-common.js';
import { newId } from './ids.js';
import { createJob, inputFileName } from './job-creation.js';
import { cancelJob, deleteJob } from './job-control.js';
import { JOB_STATUSES } from './job-status.js';
import { text } from './text.js';
import { iso, isoOrNull } from './time.js';

/** Sample files (or texts) one suggestion reads. */
export const MAX_SUGGESTION_SAMPLES = 10;
/** Pages of each sample file the model sees. */
export const SUGGESTION_PAGES_PER_FILE = 2;

export const createSchemaSuggestionBody = z
  .strictObject({
    file_ids: z.array(text(1, 128)).min(1).max(MAX_SUGGESTION_SAMPLES).optional(),
    texts: z.array(text(1, 200_000)).min(1).max(MAX_SUGGESTION_SAMPLES).optional(),
    instructions: text(0, 20_000).nullable().optional(),
    provider_name: providerNameSchema.nullable().optional(),
    model: modelSchema.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    const n = Number(b.file_ids !== undefined) + Number(b.texts !== undefined);
    if (n !== 1) ctx.addIssue({ code: 'custom', path: [n === 0 ? 'file_ids' : 'texts'], message: "Give exactly one of 'file_ids' or 'texts' (the sample documents)" });
    if (b.file_ids && new Set(b.file_ids).size !== b.file_ids.length) ctx.addIssue({ code: 'custom', path: ['file_ids'], message: 'A file is listed twice' });
  });
export type CreateSchemaSuggestionBody = z.infer<typeof createSchemaSuggestionBody>;

export const listSchemaSuggestionsQuery = z.object({ status: z.enum(JOB_STATUSES).optional() });

export function toSchemaSuggestionResponse(row: SuggestionJobRow, retry?: JobRetry | null) {
  return {
    id: row.id,
    file_ids: row.file_ids ?? [],
    text_count: row.texts?.length ?? 0,
    instructions: row.instructions ?? null,
    provider_name: row.provider_name,
    model: row.model,
    provider_name_used: row.provider_name_used ?? null,
    model_used: row.model_used ?? null,
    status: row.status,
    result: row.status === 'completed' ? ((row.result as Record<string, unknown> | null) ?? null) : null,
    error: row.status === 'failed' ? (row.error ?? null) : null,
    // Pages shown to the model (texts count one each), done once the suggestion is recorded.
    progress: row.pages_total == null ? null : { pages_total: row.pages_total, pages_completed: row.status === 'completed' ? row.pages_total : 0 },
    usage: row.usage ?? null,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    retry: row.status === 'running' ? (retry ?? null) : null,
  };
}
export type SchemaSuggestionResponse = ReturnType<typeof toSchemaSuggestionResponse>;

export async function createSchemaSuggestion(
  db: Db,
  temporal: Client,
  config: Config,
  body: CreateSchemaSuggestionBody,
  idempotencyKey?: string,
): Promise<{ job: SchemaSuggestionResponse; replayed: boolean }> {
  const fileIds = body.file_ids ?? [];
  // 404 for a file that is not there (or not of this workspace), as every job kind answers.
  const names: string[] = [];
  for (const id of fileIds) names.push(await inputFileName(db, id));
  const { provider_name, model } = resolveModelChoice(config, body.provider_name, body.model);
  const id = newId('schemaSuggestion');
  const memo = { job_kind: 'suggestion' as const, definition_name: 'schema', file_id: fileIds[0] ?? null, file_name: names.length > 1 ? `${names[0]} (+${names.length - 1})` : (names[0] ?? null) };
  return createJob({ db, temporal, config }, { kind: 'suggestion', id, memo, idempotency: { key: idempotencyKey, body } }, async (trx) => {
    const row = await insertSuggestionJob(trx, {
      id,
      file_ids: fileIds,
      texts: body.texts ?? null,
      instructions: body.instructions ?? null,
      provider_name,
      model,
    });
    return toSchemaSuggestionResponse(row);
  });
}

export async function findSchemaSuggestion(db: Db, id: string): Promise<SchemaSuggestionResponse | null> {
  const row = await findJobRow(db, 'suggestion', id);
  if (!row) return null;
  const retries = row.status === 'running' ? await latestRetries(db, [id]) : new Map();
  return toSchemaSuggestionResponse(row, retries.get(id));
}

export async function listSchemaSuggestions(db: Db, filter: z.infer<typeof listSchemaSuggestionsQuery>, page: PageRequest): Promise<Page<SchemaSuggestionResponse>> {
  const found = await pageOfSuggestionJobs(db, filter, page);
  const retries = await latestRetries(db, found.rows.filter((r) => r.status === 'running').map((r) => r.id));
  return { rows: found.rows.map((r) => toSchemaSuggestionResponse(r, retries.get(r.id))), nextCursor: found.nextCursor };
}

export async function cancelSchemaSuggestion(db: Db, temporal: Client, id: string): Promise<SchemaSuggestionResponse> {
  await cancelJob(db, temporal, 'suggestion', id);
  const job = await findSchemaSuggestion(db, id);
  if (!job) throw notFound('Schema suggestion', id);
  return job;
}

export function deleteSchemaSuggestion(db: Db, temporal: Client, id: string): Promise<'deleted' | 'deleting'> {
  return deleteJob(db, temporal, 'suggestion', id);
}
