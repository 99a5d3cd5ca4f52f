// The typed TypeScript client of the document extraction service: request and response types
// generated from openapi.yaml (./openapi.gen.ts, `npm run generate:client`), openapi-fetch for the
// calls, and the helpers every program needs (upload, extract, parse, wait). The CLI (src/cli/), the
// examples and the tests use it; it imports nothing from Node, so a browser bundle can use it too.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { DocextractError, errorFromResponse } from './errors.js';
import type { components, paths } from './openapi.gen.js';

export { DocextractError, describeDetail } from './errors.js';
export { describeWaiting } from './waiting.js';
export type { components, operations, paths } from './openapi.gen.js';

type Schemas = components['schemas'];
export type FileRecord = Schemas['FileResponse'];
export type FileKind = Schemas['FileKind'];
export type PageText = Schemas['PageText'];
export type Extractor = Schemas['ExtractorResponse'];
export type ExtractorDefinition = Schemas['ExtractorDefinitionInput'];
export type Parser = Schemas['ParserResponse'];
export type ParserDefinition = Schemas['ParserDefinitionInput'];
export type Provider = Schemas['ProviderResponse'];
export type ProviderName = Schemas['ProviderName'];
export type ProviderUpdate = Schemas['ProviderUpdateInput'];
export type ExtractionJob = Schemas['ExtractionJobResponse'];
export type ParseJob = Schemas['ParseJobResponse'];
export type ClassificationJob = Schemas['ClassificationJobResponse'];
export type ReviewedSegment = Schemas['ReviewedSegment'];
export type ClassificationReviewEvent = Schemas['ClassificationReviewEvent'];
export type Classifier = Schemas['ClassifierResponse'];
export type SchemaSuggestion = Schemas['SchemaSuggestionResponse'];
export type SchemaSuggestionResult = Schemas['SchemaSuggestionResult'];
export type Job = ExtractionJob | ParseJob | ClassificationJob | SchemaSuggestion;
export type JobStatus = Schemas['JobStatus'];
export type JobProgress = Schemas['ParseProgress'];
export type SchemaValidation = Schemas['SchemaValidationResponse'];
export type ExtractionReview = Schemas['ExtractionReview'];
export type ReviewStatus = Schemas['ReviewStatus'];
export type ReviewFieldDecision = Schemas['ReviewFieldDecision'];
export type ReviewEvent = Schemas['ReviewEvent'];
export type ValueFlag = Schemas['ValueFlag'];
export type EvaluationSet = Schemas['EvaluationSetResponse'];
export type EvaluationItem = Schemas['EvaluationItemResponse'];
export type EvaluationRun = Schemas['EvaluationRunResponse'];
export type EvaluationReport = Schemas['EvaluationReport'];
export type EvaluationMetrics = Schemas['EvaluationMetrics'];
export type EvaluationComparison = Schemas['EvaluationComparison'];
export type ThresholdsProposal = Schemas['ThresholdsProposal'];
export type Batch = Schemas['BatchResponse'];
export type BatchRequest = Schemas['CreateBatchRequest'];
export type BatchResultLine = Schemas['BatchResultLine'];
export type Block = Schemas['Block'];
export type Chunk = Schemas['Chunk'];
export type ChunkList = Schemas['ChunkList'];
export type DocumentTable = Schemas['DocumentTable'];
export type DocumentFormat = 'markdown' | 'html' | 'text' | 'json';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8000';
export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'canceled'];
export const isTerminal = (status: JobStatus) => TERMINAL_STATUSES.includes(status);

/** Which API a job id belongs to, from its type prefix (`ejob_`, `pjob_`, `cjob_` or `sug_`). */
export function jobKind(jobId: string): 'extraction' | 'parse' | 'classification' | 'suggestion' {
  if (jobId.startsWith('ejob_')) return 'extraction';
  if (jobId.startsWith('pjob_')) return 'parse';
  if (jobId.startsWith('cjob_')) return 'classification';
  if (jobId.startsWith('sug_')) return 'suggestion';
  throw new DocextractError('bad_request', 0, `'${jobId}' is not a job id (ejob_…, pjob_…, cjob_… or sug_…)`);
}

export interface ClientOptions {
  /** Base URL of the service (default http://127.0.0.1:8000). */
  baseUrl?: string;
  /** Bearer token, when the service has SERVICE_API_TOKENS set: an operator token or a workspace key (`dx_…`). */
  token?: string;
  /** The workspace an operator token acts in (`X-Docextract-Workspace`, id or name); a key acts in its own. */
  workspace?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** How often a `503` (persistence_busy, scheduler_unavailable) is retried after its Retry-After (default 3). */
  busyRetries?: number;
  /**
   * Files larger than this many bytes go as direct uploads (POST /v1/uploads, a PUT to the bucket,
   * then complete) when the server offers them (SERVICE_STORAGE=s3); otherwise, and below it, as
   * multipart POST /v1/files. Default 50 MiB, the server's default SERVICE_MAX_UPLOAD_BYTES.
   */
  directUploadAboveBytes?: number;
}

export interface WaitOptions {
  /** Give up (DocextractError `deadline_exceeded`) after this long; default 10 minutes. */
  timeoutMs?: number;
  /** Longest single long-poll (`?wait=`, 0-60 s; default 30). Shorter means more frequent `onUpdate`. */
  maxWaitSeconds?: number;
  /** Called with every state read, e.g. to show `progress`. */
  onUpdate?: (job: Job) => void;
  signal?: AbortSignal;
}

export interface UploadOptions {
  filename: string;
  /** Media type; by default sniffed from the bytes, else taken from the file name's extension. */
  contentType?: string;
}

export type DocextractClient = ReturnType<typeof createDocextractClient>;

/** Above this size a file goes as a direct upload when the server offers them (the server's default multipart limit). */
const DIRECT_UPLOAD_ABOVE_BYTES = 50 * 1024 * 1024;

export function createDocextractClient(options: ClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const baseFetch = options.fetch ?? globalThis.fetch;
  const api: Client<paths> = createClient<paths>({ baseUrl, fetch: busyRetryingFetch(baseFetch, options.busyRetries ?? 3) });
  if (options.token || options.workspace) {
    const auth: Middleware = {
      onRequest({ request }) {
        if (options.token) request.headers.set('authorization', `Bearer ${options.token}`);
        if (options.workspace) request.headers.set('x-docextract-workspace', options.workspace);
        return request;
      },
    };
    api.use(auth);
  }

  /** The data of a successful answer, or a DocextractError carrying the answer's code and detail. */
  async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    let result;
    try {
      result = await call;
    } catch (err) {
      throw asClientError(err);
    }
    if (!result.response.ok) throw errorFromResponse(result.response, result.error);
    return result.data as T;
  }

  async function getJob(jobId: string, waitSeconds = 0, signal?: AbortSignal): Promise<Job> {
    const params = { path: { job_id: jobId }, query: { wait: waitSeconds } };
    const kind = jobKind(jobId);
    if (kind === 'classification') return ok(api.GET('/v1/classification-jobs/{job_id}', { params, signal }));
    if (kind === 'suggestion') return ok(api.GET('/v1/schema-suggestions/{suggestion_id}', { params: { path: { suggestion_id: jobId }, query: params.query }, signal }));
    return kind === 'extraction'
      ? ok(api.GET('/v1/extraction-jobs/{job_id}', { params, signal }))
      : ok(api.GET('/v1/parse-jobs/{job_id}', { params, signal }));
  }

  /**
   * A direct upload (issue 53): announced, PUT to the bucket with exactly the signed headers, then
   * completed into a file. Null when the server stores bytes in Postgres (409 direct_uploads_unavailable).
   */
  async function directUpload(bytes: Uint8Array, filename: string, contentType: string): Promise<FileRecord | null> {
    let ticket;
    try {
      ticket = await ok(api.POST('/v1/uploads', { body: { filename, size_bytes: bytes.length, content_type: contentType } }));
    } catch (err) {
      if (err instanceof DocextractError && err.code === 'direct_uploads_unavailable') return null;
      throw err;
    }
    let put: Response;
    try {
      put = await baseFetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: bytes as Uint8Array<ArrayBuffer> });
    } catch (err) {
      throw asClientError(err);
    }
    if (!put.ok) throw new DocextractError('direct_upload_failed', put.status, `The bucket refused the upload's PUT (HTTP ${put.status}): ${(await put.text()).slice(0, 500)}`);
    return ok(api.POST('/v1/uploads/{upload_id}/complete', { params: { path: { upload_id: ticket.id } } }));
  }

  const client = {
    /** The typed openapi-fetch client, for every operation the helpers below do not cover. */
    api,
    baseUrl,
    ok,

    /** The Authorization (and X-Docextract-Workspace) headers of this client (empty without them), for calls made with plain fetch. */
    authHeaders(): Record<string, string> {
      return { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.workspace ? { 'x-docextract-workspace': options.workspace } : {}) };
    },

    /** POST /v1/files: upload a file of any accepted format (the service names the format from its bytes). */
    async uploadFile(content: Blob | Uint8Array, opts: UploadOptions): Promise<FileRecord> {
      const bytes = content instanceof Uint8Array ? content : new Uint8Array(await content.arrayBuffer());
      const type = opts.contentType ?? (content instanceof Blob && content.type ? content.type : mediaTypeOf(opts.filename, bytes));
      if (bytes.length > (options.directUploadAboveBytes ?? DIRECT_UPLOAD_ABOVE_BYTES)) {
        const direct = await directUpload(bytes, opts.filename, type);
        if (direct) return direct;
      }
      const form = new FormData();
      form.append('upload', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), opts.filename);
      // The generated body type says `upload: string` (format: binary); the wire format is this form.
      return ok(api.POST('/v1/files', { body: form as never, bodySerializer: (b) => b as unknown as FormData }));
    },

    /** GET /v1/files/{id}: a file record (an e-mail's lists its `attachment_file_ids`). */
    getFile(fileId: string, signal?: AbortSignal): Promise<FileRecord> {
      return ok(api.GET('/v1/files/{file_id}', { params: { path: { file_id: fileId } }, signal }));
    },

    /** The files made of an e-mail's attachments, in attachment order (GET /v1/files?parent_file_id=…, every page). */
    async attachmentFiles(fileId: string, signal?: AbortSignal): Promise<FileRecord[]> {
      const files: FileRecord[] = [];
      let cursor: string | undefined;
      do {
        const query = { parent_file_id: fileId, limit: 100, ...(cursor ? { cursor } : {}) };
        const answer = await api.GET('/v1/files', { params: { query }, signal }).catch((err: unknown) => {
          throw asClientError(err);
        });
        if (!answer.response.ok) throw errorFromResponse(answer.response, answer.error);
        files.push(...(answer.data ?? []));
        cursor = answer.response.headers.get('x-next-cursor') ?? undefined;
      } while (cursor);
      return files;
    },

    /** GET a page's text layer: its text in reading order and each word's box (0..1 of the page); a scan has none. */
    getFilePageText(fileId: string, page: number, signal?: AbortSignal): Promise<PageText> {
      return ok(api.GET('/v1/files/{file_id}/pages/{page}/text', { params: { path: { file_id: fileId, page } }, signal }));
    },

    /** POST /v1/extraction-jobs with an Idempotency-Key, so a retried request never creates two jobs. */
    createExtractionJob(body: Schemas['CreateExtractionJobRequest'], signal?: AbortSignal): Promise<ExtractionJob> {
      return ok(api.POST('/v1/extraction-jobs', { body, params: { header: { 'Idempotency-Key': idempotencyKey() } }, signal }));
    },

    /** POST /v1/classification-jobs with an Idempotency-Key (packets: docs/packets.md). */
    createClassificationJob(body: Schemas['CreateClassificationJobRequest'], signal?: AbortSignal): Promise<ClassificationJob> {
      return ok(api.POST('/v1/classification-jobs', { body, params: { header: { 'Idempotency-Key': idempotencyKey() } }, signal }));
    },

    /** POST /v1/schema-suggestions with an Idempotency-Key: a schema suggested from 1–10 files (`file_ids`) or `texts` (issue 51). */
    createSchemaSuggestion(body: Schemas['CreateSchemaSuggestionRequest'], signal?: AbortSignal): Promise<SchemaSuggestion> {
      return ok(api.POST('/v1/schema-suggestions', { body, params: { header: { 'Idempotency-Key': idempotencyKey() } }, signal }));
    },

    /** POST /v1/parse-jobs with an Idempotency-Key. */
    createParseJob(body: Schemas['CreateParseJobRequest'], signal?: AbortSignal): Promise<ParseJob> {
      return ok(api.POST('/v1/parse-jobs', { body, params: { header: { 'Idempotency-Key': idempotencyKey() } }, signal }));
    },

    /** GET a job of either kind (by its id prefix); `waitSeconds` long-polls for a terminal status. */
    getJob,

    /**
     * Wait until the job is `completed`, `failed` or `canceled` and return it as it ended (a failed
     * job is returned, not thrown: see `extract`/`parse` for that). Long-polls with `?wait=`, so the
     * server answers the moment the job ends; a non-terminal answer after the server's hold (at most
     * SERVICE_LONG_POLL_MAX_S, 8 s by default) is asked again at once; one that was not held at all (a
     * server without long-poll) and transient failures are retried with exponential backoff.
     */
    async waitForJob<J extends Job>(job: J | string, opts: WaitOptions = {}): Promise<J> {
      const jobId = typeof job === 'string' ? job : job.id;
      const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
      const maxWait = Math.min(60, Math.max(0, opts.maxWaitSeconds ?? 30));
      let backoffMs = 250;
      let current: J | undefined = typeof job === 'string' ? undefined : job;
      for (;;) {
        if (current && isTerminal(current.status)) return current;
        const remaining = deadline - Date.now();
        if (remaining <= 0) {
          throw new DocextractError('deadline_exceeded', 0, `${jobId} is still ${current?.status ?? 'unknown'} at the deadline`);
        }
        const wait = Math.min(maxWait, Math.floor(remaining / 1000));
        const asked = Date.now();
        try {
          current = (await getJob(jobId, wait, opts.signal)) as J;
        } catch (err) {
          if (!(err instanceof DocextractError) || !isTransient(err)) throw err;
          await sleep(Math.min(backoffMs, remaining), opts.signal);
          backoffMs = Math.min(backoffMs * 2, 5_000);
          continue;
        }
        opts.onUpdate?.(current);
        if (isTerminal(current.status)) return current;
        // The service holds a long-poll at most SERVICE_LONG_POLL_MAX_S (8 s by default), so a
        // non-terminal answer before `wait` is normal: ask again at once. Only an answer that was not
        // held at all (a server without long-poll, or with the hold set to 0) is polled with backoff.
        if (wait === 0 || Date.now() - asked < Math.min(wait, 1) * 1000 - 100) {
          await sleep(Math.min(backoffMs, Math.max(0, deadline - Date.now())), opts.signal);
          backoffMs = Math.min(backoffMs * 2, 5_000);
        } else {
          backoffMs = 250;
        }
      }
    },

    /** Cancel a job of either kind; returns it as it is now (`canceling` or already terminal). */
    cancelJob(jobId: string): Promise<Job> {
      const params = { path: { job_id: jobId } };
      if (jobKind(jobId) === 'classification') return ok(api.POST('/v1/classification-jobs/{job_id}/cancel', { params }));
      if (jobKind(jobId) === 'suggestion') return ok(api.POST('/v1/schema-suggestions/{suggestion_id}/cancel', { params: { path: { suggestion_id: jobId } } }));
      return jobKind(jobId) === 'extraction'
        ? ok(api.POST('/v1/extraction-jobs/{job_id}/cancel', { params }))
        : ok(api.POST('/v1/parse-jobs/{job_id}/cancel', { params }));
    },

    /** Delete a job: `deleted` (204) or `deleting` (202: it was still active and is being canceled first). */
    async deleteJob(jobId: string): Promise<'deleted' | 'deleting'> {
      const params = { path: { job_id: jobId } };
      const kind = jobKind(jobId);
      const call =
        kind === 'suggestion'
          ? api.DELETE('/v1/schema-suggestions/{suggestion_id}', { params: { path: { suggestion_id: jobId } } })
          : kind === 'classification'
          ? api.DELETE('/v1/classification-jobs/{job_id}', { params })
          : kind === 'extraction'
            ? api.DELETE('/v1/extraction-jobs/{job_id}', { params })
            : api.DELETE('/v1/parse-jobs/{job_id}', { params });
      let answer: Awaited<typeof call>;
      try {
        answer = await call;
      } catch (err) {
        throw asClientError(err);
      }
      if (!answer.response.ok) throw errorFromResponse(answer.response, answer.error);
      return answer.response.status === 202 ? 'deleting' : 'deleted';
    },

    /** GET /v1/extraction-jobs?review_status=…: extraction jobs whose review has this status (one page, newest first). */
    listJobsInReview(status: ReviewStatus = 'pending', limit = 100): Promise<ExtractionJob[]> {
      return ok(api.GET('/v1/extraction-jobs', { params: { query: { review_status: status, limit } } }));
    },

    /** PATCH …/review: accept, correct or clear values (needs the review's current revision). */
    reviewJob(jobId: string, revision: number, fields: ReviewFieldDecision[]): Promise<ExtractionJob> {
      return ok(api.PATCH('/v1/extraction-jobs/{job_id}/review', { params: { path: { job_id: jobId } }, body: { revision, fields } }));
    },

    /** POST …/review/approve; with `addAsExample` the input and reviewed data become an example of the extractor. */
    approveReview(jobId: string, revision: number, opts: { addAsExample?: boolean } = {}): Promise<ExtractionJob> {
      const body = { revision, ...(opts.addAsExample !== undefined ? { add_as_example: opts.addAsExample } : {}) };
      return ok(api.POST('/v1/extraction-jobs/{job_id}/review/approve', { params: { path: { job_id: jobId } }, body }));
    },

    /** POST …/review/reject with the reviewer's reason. */
    rejectReview(jobId: string, revision: number, reason: string): Promise<ExtractionJob> {
      return ok(api.POST('/v1/extraction-jobs/{job_id}/review/reject', { params: { path: { job_id: jobId } }, body: { revision, reason } }));
    },

    /** GET …/review/events: every review decision on the job, in order. */
    reviewEvents(jobId: string): Promise<ReviewEvent[]> {
      return ok(api.GET('/v1/extraction-jobs/{job_id}/review/events', { params: { path: { job_id: jobId } } }));
    },

    /** GET /v1/classification-jobs?review_status=…: classification jobs whose review has this status (one page, newest first). */
    listClassificationJobsInReview(status: ReviewStatus = 'pending', limit = 100): Promise<ClassificationJob[]> {
      return ok(api.GET('/v1/classification-jobs', { params: { query: { review_status: status, limit } } }));
    },

    /** PATCH /v1/classification-jobs/{id}/review: the corrected split (every page once, in order). */
    reviewSplit(jobId: string, revision: number, segments: ReviewedSegment[]): Promise<ClassificationJob> {
      return ok(api.PATCH('/v1/classification-jobs/{job_id}/review', { params: { path: { job_id: jobId } }, body: { revision, segments } }));
    },

    /** POST /v1/classification-jobs/{id}/review/approve: approve the split (routing, if asked, follows). */
    approveSplit(jobId: string, revision: number): Promise<ClassificationJob> {
      return ok(api.POST('/v1/classification-jobs/{job_id}/review/approve', { params: { path: { job_id: jobId } }, body: { revision } }));
    },

    /** POST /v1/classification-jobs/{id}/review/reject with the reviewer's reason. */
    rejectSplit(jobId: string, revision: number, reason: string): Promise<ClassificationJob> {
      return ok(api.POST('/v1/classification-jobs/{job_id}/review/reject', { params: { path: { job_id: jobId } }, body: { revision, reason } }));
    },

    /** GET /v1/classification-jobs/{id}/review/events: every decision on the split, in order. */
    splitReviewEvents(jobId: string): Promise<ClassificationReviewEvent[]> {
      return ok(api.GET('/v1/classification-jobs/{job_id}/review/events', { params: { path: { job_id: jobId } } }));
    },

    /** POST /v1/batches: create a batch (an Idempotency-Key makes the creation safe to repeat). */
    createBatch(body: BatchRequest, opts: { idempotencyKey?: string; signal?: AbortSignal } = {}): Promise<Batch> {
      const headers = { 'Idempotency-Key': opts.idempotencyKey ?? idempotencyKey() };
      return ok(api.POST('/v1/batches', { body, params: { header: headers }, signal: opts.signal }));
    },

    getBatch(batchId: string, signal?: AbortSignal): Promise<Batch> {
      return ok(api.GET('/v1/batches/{batch_id}', { params: { path: { batch_id: batchId } }, signal }));
    },

    /** Poll a batch until it has ended (`completed`, `canceled` or `failed`; every `pollMs`, 2 s by default), calling `onUpdate` on each read. */
    async waitForBatch(batch: Batch | string, opts: { pollMs?: number; timeoutMs?: number; onUpdate?: (b: Batch) => void; signal?: AbortSignal } = {}): Promise<Batch> {
      const id = typeof batch === 'string' ? batch : batch.id;
      const deadline = Date.now() + (opts.timeoutMs ?? 24 * 3600_000);
      for (;;) {
        const current = await client.getBatch(id, opts.signal);
        opts.onUpdate?.(current);
        if (current.status === 'completed' || current.status === 'canceled' || current.status === 'failed') return current;
        if (Date.now() > deadline) throw new DocextractError('deadline_exceeded', 0, `batch ${id} is still ${current.status}`);
        await sleep(opts.pollMs ?? 2_000, opts.signal);
      }
    },

    /** The ended items of a batch, one line at a time, in input order (GET /v1/batches/{id}/results, streamed). */
    async *batchResults(batchId: string, opts: { status?: 'completed' | 'failed' | 'canceled'; signal?: AbortSignal } = {}): AsyncGenerator<BatchResultLine> {
      const url = `${baseUrl}/v1/batches/${encodeURIComponent(batchId)}/results${opts.status ? `?status=${opts.status}` : ''}`;
      let response: Response;
      try {
        response = await baseFetch(url, { headers: client.authHeaders(), signal: opts.signal });
      } catch (err) {
        throw asClientError(err);
      }
      if (!response.ok) throw errorFromResponse(response, await response.json().catch(() => undefined));
      const decoder = new TextDecoder();
      let rest = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        rest += decoder.decode(chunk, { stream: true });
        let newline: number;
        while ((newline = rest.indexOf('\n')) >= 0) {
          const line = rest.slice(0, newline);
          rest = rest.slice(newline + 1);
          if (line) yield JSON.parse(line) as BatchResultLine;
        }
      }
      if (rest.trim()) yield JSON.parse(rest) as BatchResultLine;
    },

    /**
     * Extract from a file (bytes + name) or from inline text, wait, and return the completed job.
     * A job that fails or is canceled throws a DocextractError with the job's error code.
     */
    async extract(
      opts: { extractor: string; text?: string; fileId?: string; file?: { content: Blob | Uint8Array } & UploadOptions } & WaitOptions & {
        onCreated?: (job: ExtractionJob) => void;
      },
    ): Promise<ExtractionJob & { result: NonNullable<ExtractionJob['result']> }> {
      const fileId = opts.fileId ?? (opts.file ? (await client.uploadFile(opts.file.content, opts.file)).id : undefined);
      const input = fileId !== undefined ? { file_id: fileId } : { text: opts.text ?? '' };
      const job = await client.createExtractionJob({ ...refOf('extractor', opts.extractor), ...input }, opts.signal);
      opts.onCreated?.(job);
      return completed(await client.waitForJob(job, opts));
    },

    /** POST /v1/evaluation-sets. */
    createEvaluationSet(body: Schemas['EvaluationSetCreateInput']): Promise<EvaluationSet> {
      return ok(api.POST('/v1/evaluation-sets', { body }));
    },

    /** POST /v1/evaluation-sets/{set_ref}/items: a file or text with its right answer, or `{from_job_id}`. */
    addEvaluationItem(setRef: string, body: Schemas['EvaluationItemCreateInput']): Promise<EvaluationItem> {
      return ok(api.POST('/v1/evaluation-sets/{set_ref}/items', { params: { path: { set_ref: setRef } }, body }));
    },

    /** POST /v1/evaluation-runs: run an extractor (snapshotted now) over every item of a set. */
    createEvaluationRun(body: Schemas['EvaluationRunCreateInput']): Promise<EvaluationRun> {
      return ok(api.POST('/v1/evaluation-runs', { body }));
    },

    getEvaluationRun(runId: string): Promise<EvaluationRun> {
      return ok(api.GET('/v1/evaluation-runs/{run_id}', { params: { path: { run_id: runId } } }));
    },

    cancelEvaluationRun(runId: string): Promise<EvaluationRun> {
      return ok(api.POST('/v1/evaluation-runs/{run_id}/cancel', { params: { path: { run_id: runId } } }));
    },

    /** Poll a run until it is completed, failed or canceled (every `intervalMs`, default 1 s). */
    async waitForEvaluationRun(
      runId: string,
      opts: { timeoutMs?: number; intervalMs?: number; onUpdate?: (run: EvaluationRun) => void; signal?: AbortSignal } = {},
    ): Promise<EvaluationRun> {
      const deadline = Date.now() + (opts.timeoutMs ?? 3_600_000);
      for (;;) {
        const run = await client.getEvaluationRun(runId);
        opts.onUpdate?.(run);
        if (['completed', 'failed', 'canceled'].includes(run.status)) return run;
        if (Date.now() > deadline) throw new DocextractError('deadline_exceeded', 0, `evaluation run ${runId} is still ${run.status}`);
        await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 1000));
        opts.signal?.throwIfAborted();
      }
    },

    /** GET /v1/evaluation-runs/{run_id}/compare/{other_run_id}: `runId` the new run, `baselineRunId` the baseline. */
    compareEvaluationRuns(runId: string, baselineRunId: string): Promise<EvaluationComparison> {
      return ok(api.GET('/v1/evaluation-runs/{run_id}/compare/{other_run_id}', { params: { path: { run_id: runId, other_run_id: baselineRunId } } }));
    },

    /** GET /v1/parse-jobs/{id}/chunks: a completed parse job's text as chunks of at most `maxTokens` cl100k_base tokens. */
    parseJobChunks(jobId: string, opts: { maxTokens?: number; overlapTokens?: number; signal?: AbortSignal } = {}): Promise<ChunkList> {
      const query = { ...(opts.maxTokens !== undefined ? { max_tokens: opts.maxTokens } : {}), ...(opts.overlapTokens !== undefined ? { overlap_tokens: opts.overlapTokens } : {}) };
      return ok(api.GET('/v1/parse-jobs/{job_id}/chunks', { params: { path: { job_id: jobId }, query }, signal: opts.signal }));
    },

    /** GET /v1/parse-jobs/{id}/tables: a completed parse job's tables as rows of cells (tables split over pages joined). */
    parseJobTables(jobId: string, signal?: AbortSignal): Promise<DocumentTable[]> {
      return ok(api.GET('/v1/parse-jobs/{job_id}/tables', { params: { path: { job_id: jobId } }, signal }));
    },

    /** GET /v1/parse-jobs/{id}/tables/{index}.csv: one table as RFC 4180 CSV text. */
    parseJobTableCsv(jobId: string, index: number, signal?: AbortSignal): Promise<string> {
      return ok(api.GET('/v1/parse-jobs/{job_id}/tables/{index}.csv', { params: { path: { job_id: jobId, index } }, parseAs: 'text', signal }));
    },

    /** GET /v1/parse-jobs/{id}/document: the whole document as Markdown, HTML, plain text or JSON blocks (as text). */
    parseJobDocument(jobId: string, format: DocumentFormat = 'markdown', signal?: AbortSignal): Promise<string> {
      return ok(api.GET('/v1/parse-jobs/{job_id}/document', { params: { path: { job_id: jobId }, query: { format } }, parseAs: 'text', signal }));
    },

    /** POST …/thresholds: per-field review thresholds from a completed run at a target precision; `apply` writes them. */
    proposeThresholds(runId: string, targetPrecision: number, opts: { apply?: boolean } = {}): Promise<ThresholdsProposal> {
      const body = { target_precision: targetPrecision, apply: opts.apply ?? false };
      return ok(api.POST('/v1/evaluation-runs/{run_id}/thresholds', { params: { path: { run_id: runId } }, body }));
    },

    /** Parse a file into page-preserving Markdown, wait, and return the completed job (throws like `extract`). */
    async parse(
      opts: { parser?: string; fileId?: string; file?: { content: Blob | Uint8Array } & UploadOptions } & WaitOptions & {
        onCreated?: (job: ParseJob) => void;
      },
    ): Promise<ParseJob & { result: NonNullable<ParseJob['result']> }> {
      const fileId = opts.fileId ?? (opts.file ? (await client.uploadFile(opts.file.content, opts.file)).id : undefined);
      if (!fileId) throw new DocextractError('bad_request', 0, 'parse needs a file or a fileId');
      const job = await client.createParseJob({ file_id: fileId, ...(opts.parser ? refOf('parser', opts.parser) : {}) }, opts.signal);
      opts.onCreated?.(job);
      return completed(await client.waitForJob(job, opts));
    },
  };
  return client;
}

/** `extractor_id` for an id (`ext_…`/`prs_…` + ULID), `extractor_name` for a stable name. */
function refOf<K extends 'extractor' | 'parser'>(kind: K, ref: string) {
  const isId = new RegExp(`^${kind === 'extractor' ? 'ext' : 'prs'}_[0-9a-hjkmnp-tv-z]{26}$`).test(ref);
  return (isId ? { [`${kind}_id`]: ref } : { [`${kind}_name`]: ref }) as K extends 'extractor'
    ? { extractor_id: string } | { extractor_name: string }
    : { parser_id: string } | { parser_name: string };
}

/** The job when it completed; its error as a DocextractError otherwise. */
function completed<J extends Job>(job: J): J & { result: NonNullable<J['result']> } {
  if (job.status === 'completed' && job.result) return job as J & { result: NonNullable<J['result']> };
  if (job.status === 'failed') throw new DocextractError(job.error?.code ?? 'internal_error', 0, job.error?.message ?? `${job.id} failed`);
  throw new DocextractError('canceled', 0, `${job.id} was canceled`);
}

/**
 * A random UUID (v4) for an Idempotency-Key. Browsers offer crypto.randomUUID only in secure
 * contexts (HTTPS, localhost): the studio served over plain HTTP from another host has
 * getRandomValues only.
 */
function idempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Network failures and 502-504 answers are worth another try; a 4xx is not. */
function isTransient(err: DocextractError): boolean {
  return err.code === 'network_error' || (err.status >= 502 && err.status <= 504);
}

function asClientError(err: unknown): DocextractError {
  if (err instanceof DocextractError) return err;
  if (err instanceof Error && err.name === 'AbortError') return new DocextractError('aborted', 0, 'the request was aborted', { cause: err });
  return new DocextractError('network_error', 0, err instanceof Error ? `${err.message}${err.cause ? ` (${String((err.cause as Error).message ?? err.cause)})` : ''}` : String(err), { cause: err });
}

/**
 * A fetch that repeats a request answered `503` (the service asks to retry after Retry-After
 * seconds: persistence busy, scheduler unavailable), a few times. Job creations carry an
 * Idempotency-Key, so repeating them never creates a second job.
 */
function busyRetryingFetch(inner: typeof fetch, retries: number): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const response = await inner(attempt < retries ? request.clone() : request);
      if (response.status !== 503 || attempt >= retries) return response;
      const seconds = Number(response.headers.get('retry-after'));
      await response.body?.cancel();
      await sleep(Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, 5_000), request.signal);
    }
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DocextractError('aborted', 0, 'aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DocextractError('aborted', 0, 'aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  // Text is ambiguous from its bytes: these tell Markdown and CSV from plain text.
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  txt: 'text/plain',
};

/**
 * The media type label of an upload: from its first bytes (PDF, PNG, JPEG), else from its extension,
 * else octet-stream. Only a label: every file is uploaded as a file whatever this says, and the
 * service names its format from the bytes (DOCX, XLSX, PPTX, TIFF, WEBP, HTML, e-mail...).
 */
export function mediaTypeOf(filename: string, bytes: Uint8Array): string {
  const head = Array.from(bytes.subarray(0, 8));
  if (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46) return 'application/pdf'; // %PDF
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return EXTENSION_TYPES[filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
