// Prometheus metrics of this process (prom-client). One registry per thread: under `npm start` the
// worker runs on the main thread and the API in a thread of its own (runtime/api-thread.ts), and the
// API's /metrics merges both, so it shows the whole process; a worker run apart
// (`src/bin/worker.ts`) serves its own registry on SERVICE_WORKER_METRICS_PORT.
//
// Each metric is recorded where the fact is first known for certain: job creation in the domain
// services, terminal statuses at the compare-and-set UPDATE that makes them, model requests in
// activities/model-call.ts (the one place every model call goes through), rendering in the render
// pool, HTTP requests in a middleware that reads the router's matched route template.
//
// Metrics of the present come in two kinds. What one process is doing right now (model requests
// in flight, slots held) is an in-memory gauge here, summed over threads like the counters. What
// the whole service is doing (jobs by status, jobs retrying, the task queue's backlog) is read at
// scrape time by the API alone (metrics/present.ts), so it is never counted once per process.
import { isMainThread } from 'node:worker_threads';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { JOB_KINDS, PROVIDER_NAMES, type JobKind } from '../kinds.js';

export const registry = new Registry();
// process_* and nodejs_* (CPU, memory, event loop lag, GC), under their conventional names. Once per
// process: they describe the process, and merged from two threads they would be counted twice.
if (isMainThread) collectDefaultMetrics({ register: registry });

/** A registry's metrics as plain data, as they cross between threads. */
export type MetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[];
const otherSources: Array<() => Promise<MetricsSnapshot>> = [];

/** Merge another thread's metrics into this one's scrapes (summed where both have a series). */
export function addMetricsSource(source: () => Promise<MetricsSnapshot>): void {
  otherSources.push(source);
}

/** This thread's metrics, for another thread's scrape. */
export function metricsSnapshot(): Promise<MetricsSnapshot> {
  return registry.getMetricsAsJSON();
}

export const jobsCreated = new Counter({
  name: 'docextract_jobs_created_total',
  help: 'Jobs created (an idempotent replay is not a new job), by kind.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/** Issue 42, only with SERVICE_METRICS_WORKSPACE_LABEL=true: requests by workspace name and status class. */
export const workspaceRequests = new Counter({
  name: 'docextract_workspace_requests_total',
  help: 'API requests by workspace name (at most 200 names, the rest "other") and status class (2xx, 4xx, ...); only with SERVICE_METRICS_WORKSPACE_LABEL=true.',
  labelNames: ['workspace', 'status_class'] as const,
  registers: [registry],
});

/** Issue 42, only with SERVICE_METRICS_WORKSPACE_LABEL=true: jobs created through the API by workspace name. */
export const workspaceJobsCreated = new Counter({
  name: 'docextract_workspace_jobs_created_total',
  help: 'Jobs created through the API by workspace name (at most 200 names, the rest "other") and kind; only with SERVICE_METRICS_WORKSPACE_LABEL=true.',
  labelNames: ['workspace', 'kind'] as const,
  registers: [registry],
});

export const jobsFinished = new Counter({
  name: 'docextract_jobs_finished_total',
  help: 'Jobs that reached an end, by kind, status (completed, failed, canceled, deleted: removed while active) and error code (failed jobs; empty otherwise).',
  labelNames: ['kind', 'status', 'error_code'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'docextract_job_duration_seconds',
  help: 'Time from a job\'s creation to its end, by kind and status.',
  labelNames: ['kind', 'status'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200],
  registers: [registry],
});

export const modelRequestDuration = new Histogram({
  name: 'docextract_model_request_duration_seconds',
  help: 'Duration of one model request (one attempt, streaming included), by provider, model and outcome (ok, an error code, or canceled).',
  labelNames: ['provider', 'model', 'outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
  registers: [registry],
});

export const modelRequestRetries = new Counter({
  name: 'docextract_model_request_retries_total',
  help: 'Model requests that failed transiently and were scheduled again, by provider, model and error code.',
  labelNames: ['provider', 'model', 'error_code'] as const,
  registers: [registry],
});

export const modelTokens = new Counter({
  name: 'docextract_model_tokens_total',
  help: 'Tokens the provider reported, by provider, model and type (prompt or completion).',
  labelNames: ['provider', 'model', 'type'] as const,
  registers: [registry],
});

export const renderDuration = new Histogram({
  name: 'docextract_page_render_duration_seconds',
  help: 'Time of one render-pool task, by operation: render (a PDF page to PNG), inspect (count and check pages), prepare (bound an image).',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpRequestDuration = new Histogram({
  name: 'docextract_http_request_duration_seconds',
  help: 'HTTP request durations, by method, route template (e.g. /v1/files/:file_id; "unmatched" for no route) and status. Event streams count until their headers are sent.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

export const modelRequestsInFlight = new Gauge({
  name: 'docextract_model_requests_in_flight',
  help: 'Model requests of this process open at the provider right now (sent, answer not yet over), by provider.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const modelSlotsInUse = new Gauge({
  name: 'docextract_model_slots_in_use',
  help: 'Model slot leases held by this process right now, by scope: job (a job\'s page concurrency) and provider (its max_concurrent_requests).',
  labelNames: ['scope'] as const,
  registers: [registry],
});

export const modelCallsWaitingForSlot = new Gauge({
  name: 'docextract_model_calls_waiting_for_slot',
  help: 'Model calls of this process waiting for a job or provider slot right now, by scope.',
  labelNames: ['scope'] as const,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: 'docextract_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome: delivered (2xx), failed (retried later), disabled (410 Gone: endpoint disabled), skipped (endpoint deleted or disabled since).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookDeliveryLag = new Histogram({
  name: 'docextract_webhook_delivery_lag_seconds',
  help: 'Time from a job event (the job\'s end) to its successful delivery to an endpoint, retries included.',
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
  registers: [registry],
});

export const retentionDeleted = new Counter({
  name: 'docextract_retention_deleted_total',
  help: 'Rows the retention schedule deleted, by what: jobs, batches, files, webhook_deliveries, webhook_events.',
  labelNames: ['what'] as const,
  registers: [registry],
});

export type FinishedStatus = 'completed' | 'failed' | 'canceled' | 'deleted';

/** Transient model-call failures (retried), the error codes docextract_model_request_retries_total carries. */
const RETRIED_CODES = ['provider_unavailable', 'provider_rate_limited', 'provider_timeout'];

/**
 * Every series whose labels are known in advance, at 0 from start-up, so that a dashboard shows 0
 * instead of "no data" before the first job, delivery or render (a labelled counter has no series
 * until it is first incremented). Failed jobs' series appear with their first error code.
 */
function zeroKnownSeries(): void {
  for (const kind of JOB_KINDS) {
    jobsCreated.inc({ kind }, 0);
    for (const status of ['completed', 'canceled', 'deleted'] as const) jobsFinished.inc({ kind, status, error_code: '' }, 0);
    for (const status of ['completed', 'failed', 'canceled'] as const) jobDuration.zero({ kind, status });
  }
  for (const outcome of ['delivered', 'failed', 'disabled', 'skipped']) webhookDeliveries.inc({ outcome }, 0);
  for (const operation of ['render', 'inspect', 'prepare']) renderDuration.zero({ operation });
  for (const provider of PROVIDER_NAMES) modelRequestsInFlight.set({ provider }, 0);
  for (const what of ['jobs', 'batches', 'files', 'webhook_deliveries', 'webhook_events']) retentionDeleted.inc({ what }, 0);
  for (const scope of ['job', 'provider']) {
    modelSlotsInUse.set({ scope }, 0);
    modelCallsWaitingForSlot.set({ scope }, 0);
  }
}
zeroKnownSeries();

/**
 * The model series of the models definitions name (provider, model), at 0: a worker calls this at
 * start with the pairs of the stored extractors and parsers. Models named later get their series
 * with their first request.
 */
export function zeroModelSeries(models: Array<{ provider: string; model: string }>): void {
  for (const labels of models) {
    modelRequestDuration.zero({ ...labels, outcome: 'ok' });
    for (const type of ['prompt', 'completion']) modelTokens.inc({ ...labels, type }, 0);
    for (const error_code of RETRIED_CODES) modelRequestRetries.inc({ ...labels, error_code }, 0);
  }
}

/** A job reached an end: count it, and observe its duration when the row's timestamps are known. */
export function recordJobFinished(
  kind: JobKind,
  status: FinishedStatus,
  opts: { errorCode?: string; createdAt?: Date | string | null; finishedAt?: Date | string | null } = {},
): void {
  jobsFinished.inc({ kind, status, error_code: status === 'failed' ? (opts.errorCode ?? 'unknown') : '' });
  if (opts.createdAt) {
    const end = opts.finishedAt ? new Date(opts.finishedAt).getTime() : Date.now();
    const seconds = (end - new Date(opts.createdAt).getTime()) / 1000;
    if (Number.isFinite(seconds) && seconds >= 0) jobDuration.observe({ kind, status }, seconds);
  }
}

/** One model request's outcome, latency and reported tokens. */
export function recordModelRequest(
  labels: { provider: string; model: string },
  outcome: string,
  seconds: number,
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null,
): void {
  modelRequestDuration.observe({ ...labels, outcome }, seconds);
  if (usage?.prompt_tokens) modelTokens.inc({ ...labels, type: 'prompt' }, usage.prompt_tokens);
  if (usage?.completion_tokens) modelTokens.inc({ ...labels, type: 'completion' }, usage.completion_tokens);
}

/** Counts one model request as open at the provider until the returned function is called (once). */
export function modelRequestOpened(provider: string): () => void {
  modelRequestsInFlight.inc({ provider });
  let open = true;
  return () => {
    if (open) modelRequestsInFlight.dec({ provider });
    open = false;
  };
}

/** One webhook delivery attempt; `eventAt`: when its event happened (the lag of a delivered one). */
export function recordWebhookDelivery(outcome: 'delivered' | 'failed' | 'disabled' | 'skipped', eventAt?: Date | null, now = Date.now()): void {
  webhookDeliveries.inc({ outcome });
  if (outcome !== 'delivered' || !eventAt) return;
  const seconds = (now - eventAt.getTime()) / 1000;
  if (Number.isFinite(seconds) && seconds >= 0) webhookDeliveryLag.observe(seconds);
}

/**
 * The scrape: Prometheus text format and its content type. `present`: metrics only this caller
 * collects (the API's view of the whole service, metrics/present.ts), merged in once.
 */
export async function scrape(present: Array<() => Promise<MetricsSnapshot>> = []): Promise<{ contentType: string; body: string }> {
  const sources = [...otherSources, ...present];
  if (sources.length === 0) return { contentType: registry.contentType, body: await registry.metrics() };
  const snapshots = await Promise.all([metricsSnapshot(), ...sources.map((source) => source())]);
  return { contentType: registry.contentType, body: await AggregatorRegistry.aggregate(snapshots).metrics() };
}
