// Configuration is read from the environment once, validated, and passed down explicitly.
// A bad value stops start-up with a message naming the variable.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max);
const csv = z.string().transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

export const DEFAULT_LOCAL_MODEL = 'numind/NuExtract-2.0-8B';

const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: int(1, 200).default(10),
  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('document-jobs'),
  // Batch workflows and their items' workflows and activities; default `${TEMPORAL_TASK_QUEUE}-batch`.
  TEMPORAL_BATCH_TASK_QUEUE: z.string().min(1).optional(),
  TEMPORAL_UI_PORT: int(1, 65535).default(8233),
  // Pin the embedded servers' ports (npm start): a taken pinned port stops start-up instead of moving.
  TEMPORAL_PORT: int(1, 65535).optional(),
  POSTGRES_PORT: int(1, 65535).optional(),
  TEMPORAL_CLI_PATH: z.string().min(1).optional(),
  // How long job creation waits for Temporal to start the job's workflow before answering 503.
  SERVICE_SCHEDULER_DEADLINE_MS: int(500, 120_000).default(10_000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(0, 65535).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVICE_DATA_DIR: z.string().min(1).default('.data'),
  SERVICE_SECRET_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  SERVICE_API_TOKENS: csv.optional(),
  SERVICE_LOCAL_MODEL: z.string().min(1).default(DEFAULT_LOCAL_MODEL),
  SERVICE_LOCAL_BASE_URL: z.string().url().default('http://127.0.0.1:8080/v1'),
  SERVICE_NUEXTRACT_MODELS: csv.default([
    'numind/NuExtract-2.0-2B',
    'numind/NuExtract-2.0-4B',
    'numind/NuExtract-2.0-8B',
  ]),
  SERVICE_EXTRACTION_MAX_TOKENS: int(1).default(4096),
  SERVICE_PARSING_MAX_TOKENS: int(1).default(8192),
  SERVICE_MAX_UPLOAD_BYTES: int(1).default(50 * 1024 * 1024),
  SERVICE_MAX_PAGES: int(1).default(1000),
  SERVICE_MAX_ATTACHMENTS: int(0, 10_000).default(50),
  // Uploads in other formats than PDF, PNG and JPEG are converted at upload, within this time.
  SERVICE_CONVERSION_TIMEOUT_S: int(1, 3600).default(60),
  // Conversions running at once per process; each may hold a few hundred MiB while it runs.
  SERVICE_CONVERSION_CONCURRENCY: int(1, 64).default(2),
  // Unset: `soffice` (or `libreoffice`) on PATH. Converts OpenDocument, RTF, DOC, XLS and PPT.
  SERVICE_LIBREOFFICE_PATH: z.string().min(1).optional(),
  // auto: LibreOffice converts Office files when installed (DOCX and PPTX too); off: never (the built-in converters).
  SERVICE_LIBREOFFICE: z.enum(['auto', 'off']).default('auto'),
  // Unset: SERVICE_MAX_PAGES (long documents are extracted in windows).
  SERVICE_EXTRACTION_MAX_PAGES: int(1).optional(),
  SERVICE_EXTRACTION_WINDOW_PAGES: int(1, 1000).default(8),
  SERVICE_EXTRACTION_WINDOW_CHARS: int(100).default(24_000),
  SERVICE_RENDER_DPI: int(36, 600).default(150),
  SERVICE_RENDER_MAX_PIXELS: int(10_000).default(2048 * 2048),
  SERVICE_PAGE_CONCURRENCY: int(1, 256).default(4),
  // Unset: SERVICE_PAGE_CONCURRENCY. Item jobs of one evaluation run in flight at once.
  SERVICE_EVALUATION_CONCURRENCY: int(1, 256).optional(),
  SERVICE_RENDER_THREADS: int(1, 64).optional(),
  SERVICE_RENDER_THREAD_MAX_MIB: int(32, 4096).default(256),
  SERVICE_RENDER_NICENESS: int(0, 19).default(10),
  SERVICE_RENDER_PREFETCH_PAGES: int(0, 64).default(4),
  // Image format of rendered PDF pages: png (lossless, the default) or jpeg (smaller requests, lossy).
  SERVICE_RENDER_FORMAT: z.enum(['png', 'jpeg'], { error: 'must be png or jpeg' }).default('png'),
  SERVICE_RENDER_JPEG_QUALITY: int(1, 100).default(85),
  // OCR of pages without a text layer (images, scanned PDF pages): docs/ocr.md.
  SERVICE_OCR: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  SERVICE_OCR_LANGUAGES: z
    .string()
    .transform((s) => s.split(/[+,]/).map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z][a-z0-9_]*$/, 'language codes are tesseract names such as eng or chi_sim')).min(1))
    .default(['eng']),
  SERVICE_OCR_TIMEOUT_S: int(1, 3600).default(60),
  // Unset: half the render threads, at least 1. Each OCR worker holds its language data (~15-40 MB).
  SERVICE_OCR_WORKERS: int(1, 64).optional(),
  // Deprecated: retries are bounded by SERVICE_PROVIDER_RETRY_WINDOW_S. When set, also an attempt cap.
  SERVICE_PROVIDER_MAX_ATTEMPTS: int(1, 100).optional(),
  SERVICE_PROVIDER_RETRY_WINDOW_S: int(1, 7 * 24 * 3600).default(1800),
  SERVICE_PROVIDER_INITIAL_INTERVAL_MS: int(1).default(1000),
  SERVICE_PROVIDER_MAX_INTERVAL_MS: int(1).default(30_000),
  // A model call beats every 300 ms (activities/heartbeat.ts); past this silence Temporal hands it to a live worker.
  SERVICE_HEARTBEAT_TIMEOUT_S: int(2, 600).default(20),
  SERVICE_PROVIDER_TIMEOUT_MS: int(1000).default(300_000),
  SERVICE_PROVIDER_IDLE_TIMEOUT_MS: int(100).default(60_000),
  SERVICE_OUTPUT_ATTEMPTS: int(1, 10).default(3),
  SERVICE_SHUTDOWN_GRACE_MS: int(0, 3_600_000).default(30_000),
  // Longest the server holds a long-poll read (`?wait=N`, N up to 60): under the 10 s response limit
  // of HTTP fuzzers and many proxies. The answer is then the job as it is; clients ask again.
  SERVICE_LONG_POLL_MAX_S: int(0, 60).default(8),
  SERVICE_WEBHOOK_RETRY_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  SERVICE_WEBHOOK_RETRY_INITIAL_INTERVAL_MS: int(100).default(5_000),
  SERVICE_WEBHOOK_RETRY_MAX_INTERVAL_MS: int(100).default(900_000),
  SERVICE_WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  SERVICE_METRICS_PUBLIC: z.enum(['true', 'false']).default('false'),
  // Issue 48: refuse any statement of a workspace's table without its workspace_id (tests turn it on).
  SERVICE_WORKSPACE_GUARD: z.enum(['true', 'false']).default('false'),
  // Issue 42: label /metrics series by workspace name (opt-in; at most 200 names, the rest `other`).
  SERVICE_METRICS_WORKSPACE_LABEL: z.enum(['true', 'false']).default('false'),
  // Item jobs a batch keeps in flight when its request names no concurrency.
  SERVICE_BATCH_CONCURRENCY: int(1, 256).default(16),
  // Interactive first: a batch's window while interactive jobs are queued or running.
  SERVICE_BATCH_CONCURRENCY_WHILE_INTERACTIVE: int(1, 256).default(2),
  // How long one slice of a batch's workflow works before reporting back, and slices per run before continue-as-new.
  SERVICE_BATCH_SLICE_MS: int(100, 600_000).default(60_000),
  SERVICE_BATCH_SLICES_PER_RUN: int(1, 300).default(100),
  // Activities the worker runs at once for the batch task queue (its own slots, apart from interactive jobs').
  SERVICE_BATCH_WORKER_ACTIVITIES: int(1, 1024).default(32),
  // Which task queues this worker polls: both (default), only interactive jobs, or only batches.
  SERVICE_WORKER_QUEUES: z.enum(['all', 'interactive', 'batch']).default('all'),
  // How Temporal and the logs name this worker (unset: Temporal's pid@host).
  SERVICE_WORKER_IDENTITY: z.string().min(1).max(200).optional(),
  // Retention (a Temporal Schedule): finished jobs are deleted after this many days (unset: kept for
  // good); webhook delivery records after SERVICE_WEBHOOK_EVENTS_DAYS; checked every N minutes.
  SERVICE_RETENTION_DAYS: int(1, 36_500).optional(),
  SERVICE_WEBHOOK_EVENTS_DAYS: int(1, 36_500).default(30),
  SERVICE_RETENTION_INTERVAL_MINUTES: int(1, 7 * 24 * 60).default(60),
  // Unset: a worker run apart (src/bin/worker.ts) serves no metrics. 0: any free port.
  SERVICE_WORKER_METRICS_PORT: int(0, 65535).optional(),
  // Issue 53: where file bytes live (README, "Storage"): Postgres (bytea) or an S3-compatible bucket.
  SERVICE_STORAGE: z.enum(['postgres', 's3'], { error: 'must be postgres or s3' }).default('postgres'),
  // Empty for AWS itself; MinIO, SeaweedFS, R2: their endpoint URL.
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name').optional(),
  // Every key starts with it (a bucket shared with other data): `docextract/` → `docextract/files/file_…`.
  S3_PREFIX: z.string().max(512).regex(/^[^/]/, 'must not start with /').optional(),
  // `true` for MinIO and SeaweedFS (bucket in the path, not the host name).
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  SERVICE_MAX_DIRECT_UPLOAD_BYTES: int(1).default(5 * 1024 * 1024 * 1024),
  SERVICE_STORAGE_SWEEP_INTERVAL_MINUTES: int(1, 7 * 24 * 60).default(60),
  SERVICE_STORAGE_ORPHAN_GRACE_MINUTES: int(0, 30 * 24 * 60).default(60),
  // How long a direct upload's presigned PUT is valid, and completing it possible (SigV4 allows 7 days at most).
  SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS: int(1, 7 * 24 * 3600).default(3600),
});

/** Where file bytes live: Postgres (bytea, the default) or an S3-compatible bucket (SERVICE_STORAGE). */
export type StorageConfig =
  | { kind: 'postgres' }
  | { kind: 's3'; endpoint?: string; region: string; bucket: string; prefix: string; forcePathStyle: boolean };

export interface Config {
  databaseUrl?: string;
  databasePoolMax: number;
  temporal: {
    address?: string;
    namespace: string;
    taskQueue: string;
    /** Batches and their item jobs run here, with their own worker slots (docs/batches.md). */
    batchTaskQueue: string;
    uiPort: number;
    /** SERVICE_SCHEDULER_DEADLINE_MS: how long starting a job's workflow may take before 503 scheduler_unavailable. */
    startDeadlineMs: number;
    /** TEMPORAL_PORT: the dev server's frontend port, pinned (npm start). */
    port?: number;
    cliPath?: string;
  };
  /** POSTGRES_PORT: the embedded Postgres's port, pinned (npm start). */
  postgresPort?: number;
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  secretKey?: string;
  apiTokens?: string[];
  localModel: string;
  localBaseUrl: string;
  nuextractModels: string[];
  extractionMaxTokens: number;
  parsingMaxTokens: number;
  maxUploadBytes: number;
  maxPages: number;
  /** Most files stored out of one uploaded e-mail's attachments (nested e-mails' included). */
  maxAttachments: number;
  /** An upload's conversion (formats other than PDF, PNG, JPEG) is stopped after this many seconds. */
  conversionTimeoutS: number;
  /** Conversions running at once in a process (SERVICE_CONVERSION_CONCURRENCY); more wait their turn. */
  conversionConcurrency: number;
  /** The LibreOffice binary configured (SERVICE_LIBREOFFICE_PATH); unset: found on PATH. */
  libreOfficePath?: string;
  /** SERVICE_LIBREOFFICE: 'off' never uses LibreOffice, even when installed (DOCX and PPTX are drawn by the built-in converters). */
  libreOffice: 'auto' | 'off';
  extractionMaxPages: number;
  /** Pages per extraction window (long documents are extracted window by window). */
  extractionWindowPages: number;
  /** Characters per extraction window of inline text. */
  extractionWindowChars: number;
  renderDpi: number;
  renderMaxPixels: number;
  pageConcurrency: number;
  /** Item jobs of one evaluation run in flight at once. */
  evaluationConcurrency: number;
  /** Render threads (mupdf off the event loop); default: the cores. */
  renderThreads: number;
  /** A render thread whose mupdf heap grew past this many MiB is replaced after its task. */
  renderThreadMaxMib: number;
  /** Scheduling niceness of render threads (Linux), so API and model calls get the cores first. */
  renderNiceness: number;
  /** Pages of a parse rendered ahead of their activities (per document). */
  renderPrefetchPages: number;
  /** OCR of pages without a text layer (SERVICE_OCR*; docs/ocr.md). */
  ocr: {
    mode: 'auto' | 'off';
    languages: string[];
    timeoutMs: number;
    workers: number;
  };
  /** Image format of rendered PDF pages, for the model and the page image endpoint. */
  renderFormat: 'png' | 'jpeg';
  /** JPEG quality (1–100) when renderFormat is jpeg. */
  renderJpegQuality: number;
  providerRetry: {
    /** Attempt cap of 0.3 runs; in 0.4 only when SERVICE_PROVIDER_MAX_ATTEMPTS is set (attemptCap). */
    maxAttempts: number;
    initialIntervalMs: number;
    maxIntervalMs: number;
    /** Bound of one model-call attempt, its streamed answer included (SERVICE_PROVIDER_TIMEOUT_MS). */
    timeoutMs: number;
    /** A stream that sends nothing for this long is aborted (SERVICE_PROVIDER_IDLE_TIMEOUT_MS; unset: 60 s). */
    idleTimeoutMs?: number;
    /** How long one model call's transient failures are retried (SERVICE_PROVIDER_RETRY_WINDOW_S). */
    windowMs: number;
    /** Deprecated SERVICE_PROVIDER_MAX_ATTEMPTS, when set: a model call also ends after this many failed attempts. */
    attemptCap?: number;
    /** A model call whose worker sends no heartbeat for this long moves to another worker (SERVICE_HEARTBEAT_TIMEOUT_S). */
    heartbeatTimeoutMs: number;
  };
  outputAttempts: number;
  /** On SIGTERM: how long in-flight requests (api) or running activities (worker) may take to finish. */
  shutdownGraceMs: number;
  /** Longest a `GET …/{job_id}?wait=N` is held, in seconds: min(N, this) (SERVICE_LONG_POLL_MAX_S). */
  longPollMaxSeconds: number;
  /** SERVICE_WORKSPACE_GUARD: a statement of a workspace's table without workspace_id fails (storage/workspace-guard.ts). */
  workspaceGuard: boolean;
  /** Webhook deliveries: retried with exponential backoff for up to retryHours; private addresses only when allowed. */
  webhooks: { retryHours: number; initialIntervalMs: number; maxIntervalMs: number; allowPrivate: boolean };
  batches: {
    /** Default item jobs in flight per batch. */
    concurrency: number;
    /** A batch's window (at most) while interactive jobs are queued or running. */
    concurrencyWhileInteractive: number;
    /** Activity slots of the worker's batch task queue. */
    workerActivities: number;
    /** A batch workflow's slice length and slices per run (then it continues as new). */
    sliceMs: number;
    slicesPerRun: number;
  };
  /** Which task queues a worker polls. */
  workerQueues: 'all' | 'interactive' | 'batch';
  /** What the retention schedule deletes, and how often it runs (docs/operations.md, "Retention"). */
  retention: { jobDays?: number; webhookEventsDays: number; intervalMinutes: number };
  /** SERVICE_WORKER_IDENTITY: this worker's name in Temporal and in its logs. */
  workerIdentity?: string;
  /** SERVICE_STORAGE and S3_*: where uploaded bytes, renditions and attachments are stored. */
  storage: StorageConfig;
  /** SERVICE_MAX_DIRECT_UPLOAD_BYTES: largest file a direct upload (POST /v1/uploads) may announce. */
  maxDirectUploadBytes: number;
  /** The orphan sweep of the bucket (SERVICE_STORAGE_SWEEP_INTERVAL_MINUTES, SERVICE_STORAGE_ORPHAN_GRACE_MINUTES). */
  storageSweep: { intervalMinutes: number; graceMinutes: number };
  /** SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS: a direct upload's URL is valid, and the upload completable, this long. */
  directUploadExpirySeconds: number;
  metrics: {
    /** /metrics answers without a token even when SERVICE_API_TOKENS is set. */
    public: boolean;
    /** Requests and job creations also counted by workspace name (SERVICE_METRICS_WORKSPACE_LABEL). */
    workspaceLabel?: boolean;
    /** Port of a separate worker process's /metrics (on HOST); undefined: not served. */
    workerPort?: number;
  };
}

export class ConfigError extends Error {}

const requireHere = createRequire(import.meta.url);

/** True when the npm package with the tesseract data of `lang` is installed. */
export function ocrLanguageInstalled(lang: string): boolean {
  try {
    requireHere.resolve(`@tesseract.js-data/${lang}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** Parse and validate configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SERVICE_OCR === 'auto') {
    // Language data comes from npm packages only (nothing is downloaded): a missing one stops start-up.
    const missing = e.SERVICE_OCR_LANGUAGES.filter((l) => !ocrLanguageInstalled(l));
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  SERVICE_OCR_LANGUAGES: no OCR data for ${missing.join(', ')}: install ${missing.map((l) => `@tesseract.js-data/${l}`).join(' ')} (npm install ${missing.map((l) => `@tesseract.js-data/${l}`).join(' ')}) or set SERVICE_OCR=off`,
      );
    }
  }
  if (e.SERVICE_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when SERVICE_STORAGE=s3');
  }
  const nuextract = new Set(e.SERVICE_NUEXTRACT_MODELS);
  if (e.SERVICE_LOCAL_MODEL === DEFAULT_LOCAL_MODEL) nuextract.add(DEFAULT_LOCAL_MODEL);
  return {
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      batchTaskQueue: e.TEMPORAL_BATCH_TASK_QUEUE ?? `${e.TEMPORAL_TASK_QUEUE}-batch`,
      uiPort: e.TEMPORAL_UI_PORT,
      port: e.TEMPORAL_PORT,
      startDeadlineMs: e.SERVICE_SCHEDULER_DEADLINE_MS,
      cliPath: e.TEMPORAL_CLI_PATH,
    },
    postgresPort: e.POSTGRES_PORT,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.SERVICE_DATA_DIR),
    secretKey: e.SERVICE_SECRET_KEY,
    apiTokens: e.SERVICE_API_TOKENS,
    localModel: e.SERVICE_LOCAL_MODEL,
    localBaseUrl: e.SERVICE_LOCAL_BASE_URL,
    nuextractModels: [...nuextract],
    extractionMaxTokens: e.SERVICE_EXTRACTION_MAX_TOKENS,
    parsingMaxTokens: e.SERVICE_PARSING_MAX_TOKENS,
    maxUploadBytes: e.SERVICE_MAX_UPLOAD_BYTES,
    maxPages: e.SERVICE_MAX_PAGES,
    maxAttachments: e.SERVICE_MAX_ATTACHMENTS,
    conversionTimeoutS: e.SERVICE_CONVERSION_TIMEOUT_S,
    conversionConcurrency: e.SERVICE_CONVERSION_CONCURRENCY,
    libreOfficePath: e.SERVICE_LIBREOFFICE_PATH,
    libreOffice: e.SERVICE_LIBREOFFICE,
    extractionMaxPages: e.SERVICE_EXTRACTION_MAX_PAGES ?? e.SERVICE_MAX_PAGES,
    extractionWindowPages: e.SERVICE_EXTRACTION_WINDOW_PAGES,
    extractionWindowChars: e.SERVICE_EXTRACTION_WINDOW_CHARS,
    renderDpi: e.SERVICE_RENDER_DPI,
    renderMaxPixels: e.SERVICE_RENDER_MAX_PIXELS,
    pageConcurrency: e.SERVICE_PAGE_CONCURRENCY,
    evaluationConcurrency: e.SERVICE_EVALUATION_CONCURRENCY ?? e.SERVICE_PAGE_CONCURRENCY,
    renderThreads: e.SERVICE_RENDER_THREADS ?? Math.max(1, os.availableParallelism()),
    renderThreadMaxMib: e.SERVICE_RENDER_THREAD_MAX_MIB,
    renderNiceness: e.SERVICE_RENDER_NICENESS,
    renderPrefetchPages: e.SERVICE_RENDER_PREFETCH_PAGES,
    ocr: {
      mode: e.SERVICE_OCR,
      languages: e.SERVICE_OCR_LANGUAGES,
      timeoutMs: e.SERVICE_OCR_TIMEOUT_S * 1000,
      workers: e.SERVICE_OCR_WORKERS ?? Math.max(1, Math.floor((e.SERVICE_RENDER_THREADS ?? Math.max(1, os.availableParallelism())) / 2)),
    },
    renderFormat: e.SERVICE_RENDER_FORMAT,
    renderJpegQuality: e.SERVICE_RENDER_JPEG_QUALITY,
    providerRetry: {
      maxAttempts: e.SERVICE_PROVIDER_MAX_ATTEMPTS ?? 5,
      initialIntervalMs: e.SERVICE_PROVIDER_INITIAL_INTERVAL_MS,
      maxIntervalMs: e.SERVICE_PROVIDER_MAX_INTERVAL_MS,
      timeoutMs: e.SERVICE_PROVIDER_TIMEOUT_MS,
      idleTimeoutMs: e.SERVICE_PROVIDER_IDLE_TIMEOUT_MS,
      windowMs: e.SERVICE_PROVIDER_RETRY_WINDOW_S * 1000,
      heartbeatTimeoutMs: e.SERVICE_HEARTBEAT_TIMEOUT_S * 1000,
      ...(e.SERVICE_PROVIDER_MAX_ATTEMPTS !== undefined ? { attemptCap: e.SERVICE_PROVIDER_MAX_ATTEMPTS } : {}),
    },
    outputAttempts: e.SERVICE_OUTPUT_ATTEMPTS,
    shutdownGraceMs: e.SERVICE_SHUTDOWN_GRACE_MS,
    longPollMaxSeconds: e.SERVICE_LONG_POLL_MAX_S,
    workspaceGuard: e.SERVICE_WORKSPACE_GUARD === 'true',
    webhooks: {
      retryHours: e.SERVICE_WEBHOOK_RETRY_HOURS,
      initialIntervalMs: e.SERVICE_WEBHOOK_RETRY_INITIAL_INTERVAL_MS,
      maxIntervalMs: e.SERVICE_WEBHOOK_RETRY_MAX_INTERVAL_MS,
      allowPrivate: e.SERVICE_WEBHOOK_ALLOW_PRIVATE === 'true',
    },
    batches: {
      concurrency: e.SERVICE_BATCH_CONCURRENCY,
      concurrencyWhileInteractive: e.SERVICE_BATCH_CONCURRENCY_WHILE_INTERACTIVE,
      workerActivities: e.SERVICE_BATCH_WORKER_ACTIVITIES,
      sliceMs: e.SERVICE_BATCH_SLICE_MS,
      slicesPerRun: e.SERVICE_BATCH_SLICES_PER_RUN,
    },
    workerQueues: e.SERVICE_WORKER_QUEUES,
    workerIdentity: e.SERVICE_WORKER_IDENTITY,
    retention: {
      ...(e.SERVICE_RETENTION_DAYS !== undefined ? { jobDays: e.SERVICE_RETENTION_DAYS } : {}),
      webhookEventsDays: e.SERVICE_WEBHOOK_EVENTS_DAYS,
      intervalMinutes: e.SERVICE_RETENTION_INTERVAL_MINUTES,
    },
    storage:
      e.SERVICE_STORAGE === 's3'
        ? {
            kind: 's3',
            ...(e.S3_ENDPOINT !== undefined ? { endpoint: e.S3_ENDPOINT } : {}),
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            prefix: e.S3_PREFIX ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'postgres' },
    maxDirectUploadBytes: e.SERVICE_MAX_DIRECT_UPLOAD_BYTES,
    storageSweep: { intervalMinutes: e.SERVICE_STORAGE_SWEEP_INTERVAL_MINUTES, graceMinutes: e.SERVICE_STORAGE_ORPHAN_GRACE_MINUTES },
    directUploadExpirySeconds: e.SERVICE_DIRECT_UPLOAD_EXPIRY_SECONDS,
    metrics: {
      public: e.SERVICE_METRICS_PUBLIC === 'true',
      workspaceLabel: e.SERVICE_METRICS_WORKSPACE_LABEL === 'true',
      ...(e.SERVICE_WORKER_METRICS_PORT !== undefined ? { workerPort: e.SERVICE_WORKER_METRICS_PORT } : {}),
    },
  };
}

/** Address of the Temporal frontend, once the runtime has decided it. */
export function temporalAddress(config: Config): string {
  return config.temporal.address ?? '127.0.0.1:7233';
}
