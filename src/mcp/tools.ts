// The MCP tools: each one is one call (or a create-then-wait pair) of the TypeScript client, so an
// agent gets exactly what a REST client gets — the same validation, scopes, codes and limits.
// Nothing here decides anything the API decides; the catalogue only names, describes and shapes.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DocextractError, type DocextractClient, type Job } from '../../clients/typescript/index.js';

/** One REST call a tool makes: what a token's scope must allow for the tool to be offered. */
export interface RestCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
}

/** What a tool's handler gets besides its arguments. */
export interface ToolContext {
  client: DocextractClient;
  /** `stdio` may read local files (`upload_file {path}`); `http` never touches the server's disk. */
  transport: 'stdio' | 'http';
  /** A stable id of this call (session + JSON-RPC request id), for Idempotency-Keys. */
  callId: string;
  /** Report progress (pages done of total) while the tool waits on a job. */
  progress(done: number, total: number | undefined, message: string): Promise<void>;
  signal: AbortSignal;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  output: z.ZodRawShape;
  /** The REST calls the tool makes; it is listed only for a scope that may make them all. */
  calls: RestCall[];
  /** Offered only to scopes that may decide reviews (not `client`). */
  review?: boolean;
  run(ctx: ToolContext, args: any): Promise<{ structured: Record<string, unknown>; summary: string }>;
}

/** Longest wait of `extract` and `parse` (seconds), and their default. */
export const MAX_WAIT_SECONDS = 600;
export const DEFAULT_WAIT_SECONDS = 60;

const id = (prefix: string, what: string) => z.string().min(1).max(200).describe(`${what} (\`${prefix}…\`)`);
const waitSeconds = z
  .number()
  .int()
  .min(0)
  .max(MAX_WAIT_SECONDS)
  .optional()
  .describe(`How long to wait for the job to end (0–${MAX_WAIT_SECONDS} s, default ${DEFAULT_WAIT_SECONDS}); 0 answers at once with the job as created`);
const pageRange = z
  .object({ start: z.number().int().min(1), end: z.number().int().min(1) })
  .describe('Only these pages of the file (1-based, inclusive)');

// Output shapes name what an agent reads first; every other field of the API's answer is kept.
const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);
const jobShape = {
  id: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed', 'canceling', 'deleting', 'canceled']),
  result: z.unknown().nullable().optional(),
  error: z.unknown().nullable().optional(),
  progress: z.unknown().optional(),
};
const jobOutput = { job: loose(jobShape) };
const definitionShape = { id: z.string(), name: z.string(), display_name: z.string() };
const batchShape = { id: z.string(), status: z.string(), request_counts: z.unknown() };

export const TOOLS: ToolDefinition[] = [
  {
    name: 'list_extractors',
    title: 'List extractors',
    description: 'The extractors (name, display name, model) that `extract` can use, prebuilt ones included.',
    input: { limit: z.number().int().min(1).max(200).optional().describe('At most this many (default 100)') },
    output: { extractors: z.array(loose(definitionShape)) },
    calls: [{ method: 'GET', path: '/v1/extractors' }],
    async run({ client }, args) {
      const extractors = await client.ok(client.api.GET('/v1/extractors', { params: { query: { limit: args.limit ?? 100 } } }));
      return { structured: { extractors }, summary: `${extractors.length} extractor(s): ${extractors.map((e) => e.name).join(', ')}` };
    },
  },
  {
    name: 'get_extractor',
    title: 'Get an extractor',
    description: 'One extractor by name or id, with its JSON Schema, instructions and examples: what `extract` returns.',
    input: { extractor_name: z.string().min(1).max(200).describe('The extractor\'s name (or `ext_…` id)') },
    output: { extractor: loose({ ...definitionShape, schema: z.record(z.string(), z.unknown()) }) },
    calls: [{ method: 'GET', path: '/v1/extractors/{ref}' }],
    async run({ client }, args) {
      const extractor = await client.ok(client.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: args.extractor_name } } }));
      return { structured: { extractor }, summary: `extractor ${extractor.name}: ${Object.keys((extractor.schema as { properties?: object }).properties ?? {}).join(', ')}` };
    },
  },
  {
    name: 'list_parsers',
    title: 'List parsers',
    description: 'The parsers (Markdown transcription settings) that `parse` can use.',
    input: { limit: z.number().int().min(1).max(200).optional().describe('At most this many (default 100)') },
    output: { parsers: z.array(loose(definitionShape)) },
    calls: [{ method: 'GET', path: '/v1/parsers' }],
    async run({ client }, args) {
      const parsers = await client.ok(client.api.GET('/v1/parsers', { params: { query: { limit: args.limit ?? 100 } } }));
      return { structured: { parsers }, summary: `${parsers.length} parser(s): ${parsers.map((p) => p.name).join(', ')}` };
    },
  },
  {
    name: 'upload_file',
    title: 'Upload a file',
    description:
      'Upload a document (the formats and size limit of POST /v1/files) and get its file record; its `id` goes to `extract` or `parse`. ' +
      'Give `filename` and `content_base64`; over stdio, `path` reads a local file instead.',
    input: {
      filename: z.string().min(1).max(1024).optional().describe('The file\'s name (required with content_base64)'),
      content_base64: z.string().optional().describe('The file\'s bytes, base64-encoded'),
      path: z.string().min(1).max(4096).optional().describe('stdio only: a path on the agent\'s machine to read the file from'),
    },
    output: { file: loose({ id: z.string(), filename: z.string(), media_type: z.string() }) },
    calls: [{ method: 'POST', path: '/v1/files' }],
    async run({ client, transport }, args) {
      const { bytes, filename } = await uploadInput(transport, args);
      const file = await client.uploadFile(bytes, { filename });
      return { structured: { file }, summary: `uploaded ${file.filename} as ${file.id} (${file.media_type})` };
    },
  },
  {
    name: 'extract',
    title: 'Extract structured data',
    description:
      'Create an extraction job with a named extractor on an uploaded file (`file_id`) or on `text`, and wait for it (long-poll) up to ' +
      '`wait_seconds`. Answers the job: `status`, `result.data` (valid against the extractor\'s schema), `result.confidence` (JSON Pointer → ' +
      'the model\'s lowest token probability), `result.flags` and `review`. A job still running at the deadline is answered as it is: ' +
      'call `get_job` later.',
    input: {
      extractor_name: z.string().min(1).max(200).describe('The extractor\'s name'),
      file_id: id('file_', 'An uploaded file').optional(),
      text: z.string().max(1_000_000).optional().describe('Inline text instead of a file'),
      pages: pageRange.optional(),
      wait_seconds: waitSeconds,
    },
    output: jobOutput,
    calls: [
      { method: 'POST', path: '/v1/extraction-jobs' },
      { method: 'GET', path: '/v1/extraction-jobs/{job_id}' },
    ],
    async run(ctx, args) {
      const body = {
        extractor_name: args.extractor_name,
        ...(args.file_id !== undefined ? { file_id: args.file_id } : {}),
        ...(args.text !== undefined ? { text: args.text } : {}),
        ...(args.pages !== undefined ? { pages: args.pages } : {}),
      };
      const created = await ctx.client.ok(
        ctx.client.api.POST('/v1/extraction-jobs', { body: body as never, params: { header: { 'Idempotency-Key': idempotencyKey(ctx.callId) } }, signal: ctx.signal }),
      );
      const job = await waitFor(ctx, created, args.wait_seconds);
      return { structured: { job }, summary: describeJob(job) };
    },
  },
  {
    name: 'parse',
    title: 'Parse a document to Markdown',
    description:
      'Create a parse job (page-preserving Markdown) on an uploaded file and wait up to `wait_seconds`. Answers the job (`result.pages`); ' +
      'with `as_chunks: true` and a completed job, also its retrieval chunks (GET /v1/parse-jobs/{job_id}/chunks).',
    input: {
      parser_name: z.string().min(1).max(200).optional().describe('The parser\'s name (default `document-to-markdown`)'),
      file_id: id('file_', 'An uploaded file'),
      wait_seconds: waitSeconds,
      as_chunks: z.boolean().optional().describe('Also answer the completed job\'s chunks'),
      max_tokens: z.number().int().min(32).max(8192).optional().describe('With as_chunks: the chunk size in tokens (default 512)'),
    },
    output: { ...jobOutput, chunks: z.unknown().optional() },
    calls: [
      { method: 'POST', path: '/v1/parse-jobs' },
      { method: 'GET', path: '/v1/parse-jobs/{job_id}' },
    ],
    async run(ctx, args) {
      const body = { file_id: args.file_id, ...(args.parser_name ? { parser_name: args.parser_name } : {}) };
      const created = await ctx.client.ok(
        ctx.client.api.POST('/v1/parse-jobs', { body, params: { header: { 'Idempotency-Key': idempotencyKey(ctx.callId) } }, signal: ctx.signal }),
      );
      const job = await waitFor(ctx, created, args.wait_seconds);
      if (!args.as_chunks || job.status !== 'completed') return { structured: { job }, summary: describeJob(job) };
      const chunks = await ctx.client.parseJobChunks(job.id, { maxTokens: args.max_tokens ?? 512, signal: ctx.signal });
      return { structured: { job, chunks }, summary: `${describeJob(job)}; chunks attached` };
    },
  },
  {
    name: 'get_job',
    title: 'Get a job',
    description: 'A job of any kind by id (`ejob_…` extraction, `pjob_…` parse, `cjob_…` classification, `sug_…` schema suggestion): status, progress in pages, result or error, review.',
    input: { job_id: z.string().min(1).max(200).describe('The job\'s id') },
    output: jobOutput,
    calls: [{ method: 'GET', path: '/v1/extraction-jobs/{job_id}' }],
    async run({ client, signal }, args) {
      const job = await client.getJob(args.job_id, 0, signal);
      return { structured: { job }, summary: describeJob(job) };
    },
  },
  {
    name: 'cancel_job',
    title: 'Cancel a job',
    description: 'Cancel a queued or running job of any kind; answers it as it is now (`canceling`, or already ended).',
    input: { job_id: z.string().min(1).max(200).describe('The job\'s id') },
    output: jobOutput,
    calls: [{ method: 'POST', path: '/v1/extraction-jobs/{job_id}/cancel' }],
    async run({ client }, args) {
      const job = await client.cancelJob(args.job_id);
      return { structured: { job }, summary: describeJob(job) };
    },
  },
  {
    name: 'create_batch',
    title: 'Create a batch',
    description:
      'Many documents (or texts) through one extractor or parser as one durable batch (POST /v1/batches): `kind`, `extractor_name` or ' +
      '`parser_name`, and `inputs` of `{custom_id, file_id | text}`. Follow it with `get_batch` and `get_batch_results`.',
    input: {
      kind: z.enum(['extraction', 'parse']),
      extractor_name: z.string().min(1).max(200).optional(),
      parser_name: z.string().min(1).max(200).optional(),
      inputs: z
        .array(z.looseObject({ custom_id: z.string().min(1).max(200), file_id: z.string().optional(), text: z.string().optional() }))
        .min(1)
        .describe('One entry per item'),
      concurrency: z.number().int().min(1).optional().describe('Items in flight at once (the service\'s default when absent)'),
    },
    output: { batch: loose(batchShape) },
    calls: [{ method: 'POST', path: '/v1/batches' }],
    async run({ client, callId }, args) {
      const batch = await client.createBatch(args, { idempotencyKey: idempotencyKey(callId) });
      return { structured: { batch }, summary: `batch ${batch.id} ${batch.status}` };
    },
  },
  {
    name: 'get_batch',
    title: 'Get a batch',
    description: 'A batch by id: its status and exact `request_counts`.',
    input: { batch_id: id('batch_', 'The batch\'s id') },
    output: { batch: loose(batchShape) },
    calls: [{ method: 'GET', path: '/v1/batches/{batch_id}' }],
    async run({ client, signal }, args) {
      const batch = await client.getBatch(args.batch_id, signal);
      return { structured: { batch }, summary: `batch ${batch.id} ${batch.status}: ${JSON.stringify(batch.request_counts)}` };
    },
  },
  {
    name: 'get_batch_results',
    title: 'Get a batch\'s results',
    description:
      'The ended items of a batch in input order (GET /v1/batches/{batch_id}/results), `limit` lines at a time; pass `next_cursor` back as ' +
      '`cursor` for the next page (null when there is no more).',
    input: {
      batch_id: id('batch_', 'The batch\'s id'),
      limit: z.number().int().min(1).max(1000).optional().describe('Lines per page (default 100)'),
      cursor: z.string().max(100).optional().describe('`next_cursor` of the previous page'),
    },
    output: { results: z.array(z.unknown()), next_cursor: z.string().nullable() },
    calls: [{ method: 'GET', path: '/v1/batches/{batch_id}/results' }],
    async run({ client, signal }, args) {
      const limit = args.limit ?? 100;
      const skip = decodeCursor(args.cursor);
      const results: unknown[] = [];
      let seen = 0;
      let more = false;
      for await (const line of client.batchResults(args.batch_id, { signal })) {
        if (seen++ < skip) continue;
        if (results.length === limit) {
          more = true;
          break;
        }
        results.push(line);
      }
      const next_cursor = more ? encodeCursor(skip + results.length) : null;
      return { structured: { results, next_cursor }, summary: `${results.length} result line(s)${more ? ', more after next_cursor' : ''}` };
    },
  },
  {
    name: 'list_review_queue',
    title: 'List jobs waiting for review',
    description: 'Extraction jobs whose review is `pending` (or another review status), newest first: the values a human should look at are in `result.flags`.',
    input: {
      review_status: z.enum(['pending', 'approved', 'rejected', 'not_required']).optional().describe('Default `pending`'),
      limit: z.number().int().min(1).max(200).optional().describe('At most this many (default 50)'),
    },
    output: { jobs: z.array(loose(jobShape)) },
    calls: [{ method: 'GET', path: '/v1/extraction-jobs' }],
    review: true,
    async run({ client }, args) {
      const jobs = await client.listJobsInReview(args.review_status ?? 'pending', args.limit ?? 50);
      return { structured: { jobs }, summary: `${jobs.length} job(s) with review ${args.review_status ?? 'pending'}` };
    },
  },
  {
    name: 'review_job',
    title: 'Decide on values of a job in review',
    description:
      'Accept, correct or mark absent values of a job in review (PATCH …/review): `revision` is the review\'s current revision, `fields` ' +
      '`[{path, action: accept | correct | mark_absent, value?}]` with `path` a JSON Pointer of a leaf of `result.data`.',
    input: {
      job_id: id('ejob_', 'The job\'s id'),
      revision: z.number().int().min(1),
      fields: z
        .array(z.object({ path: z.string().max(4096), action: z.enum(['accept', 'correct', 'mark_absent']), value: z.unknown().optional() }))
        .min(1),
    },
    output: jobOutput,
    calls: [{ method: 'PATCH', path: '/v1/extraction-jobs/{job_id}/review' }],
    review: true,
    async run({ client }, args) {
      const job = await client.reviewJob(args.job_id, args.revision, args.fields);
      return { structured: { job }, summary: `${job.id} review ${job.review?.status ?? 'none'}, revision ${job.review?.revision ?? '-'}` };
    },
  },
  {
    name: 'approve_review',
    title: 'Approve a review',
    description: 'Approve the reviewed data of a job in review (POST …/review/approve) at its current `revision`.',
    input: { job_id: id('ejob_', 'The job\'s id'), revision: z.number().int().min(1) },
    output: jobOutput,
    calls: [{ method: 'POST', path: '/v1/extraction-jobs/{job_id}/review/approve' }],
    review: true,
    async run({ client }, args) {
      const job = await client.approveReview(args.job_id, args.revision);
      return { structured: { job }, summary: `${job.id} review ${job.review?.status ?? 'none'}` };
    },
  },
  {
    name: 'reject_review',
    title: 'Reject a review',
    description: 'Reject a job in review (POST …/review/reject) at its current `revision`, with the reason.',
    input: { job_id: id('ejob_', 'The job\'s id'), revision: z.number().int().min(1), reason: z.string().min(1).max(10_000) },
    output: jobOutput,
    calls: [{ method: 'POST', path: '/v1/extraction-jobs/{job_id}/review/reject' }],
    review: true,
    async run({ client }, args) {
      const job = await client.rejectReview(args.job_id, args.revision, args.reason);
      return { structured: { job }, summary: `${job.id} review ${job.review?.status ?? 'none'}` };
    },
  },
];

/** The bytes and name of an `upload_file` call: base64 content, or (stdio only) a local path. */
async function uploadInput(transport: ToolContext['transport'], args: { filename?: string; content_base64?: string; path?: string }) {
  if (args.path !== undefined) {
    if (transport !== 'stdio') throw new DocextractError('bad_request', 400, '`path` is read only by the stdio server (`docextract mcp`); over HTTP send `filename` and `content_base64`');
    return { bytes: new Uint8Array(await readFile(args.path)), filename: args.filename ?? path.basename(args.path) };
  }
  if (args.content_base64 === undefined || args.filename === undefined) {
    throw new DocextractError('bad_request', 400, 'upload_file needs `filename` and `content_base64`' + (transport === 'stdio' ? ', or `path`' : ''));
  }
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(args.content_base64)) throw new DocextractError('bad_request', 400, '`content_base64` is not base64');
  return { bytes: new Uint8Array(Buffer.from(args.content_base64, 'base64')), filename: args.filename };
}

/** Wait for a job with the long-poll, reporting its pages as progress; a job still running at the deadline is answered as it is. */
async function waitFor(ctx: ToolContext, job: Job, seconds: number | undefined): Promise<Job> {
  const waitMs = (seconds ?? DEFAULT_WAIT_SECONDS) * 1000;
  if (waitMs === 0) return job;
  let last: Job = job;
  try {
    return await ctx.client.waitForJob(job, {
      timeoutMs: waitMs,
      signal: ctx.signal,
      onUpdate: (current) => {
        last = current;
        const progress = (current as { progress?: { pages_total?: number; pages_completed?: number } | null }).progress;
        void ctx.progress(progress?.pages_completed ?? 0, progress?.pages_total || undefined, `${current.id} ${current.status}`);
      },
    });
  } catch (err) {
    if (err instanceof DocextractError && err.code === 'deadline_exceeded') return last;
    throw err;
  }
}

function describeJob(job: Job): string {
  const flags = ((job.result as { flags?: unknown[] } | null)?.flags ?? []).length;
  const review = (job as { review?: { status: string } | null }).review;
  const parts = [`${job.id} ${job.status}`];
  if (job.status === 'failed' && job.error) parts.push(`${job.error.code}: ${job.error.message}`);
  if (flags) parts.push(`${flags} flagged value(s)`);
  if (review) parts.push(`review ${review.status}`);
  return parts.join('; ');
}

/** An Idempotency-Key derived from the tool call's id: a call repeated by the transport creates one job. */
function idempotencyKey(callId: string): string {
  return `mcp-${createHash('sha256').update(callId).digest('hex').slice(0, 40)}`;
}

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new DocextractError('invalid_cursor', 400, 'The cursor is not one this tool gave');
  return Number(m[1]);
}
