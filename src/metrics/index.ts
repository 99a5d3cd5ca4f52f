// Prometheus metrics of this process (prom-client). One registry per thread: under `npm start` the
// worker runs on the main thread and the API in a thread of its own (runtime/api-thread.ts), and the
// API's /metrics merges both, so it shows the whole process; a worker run apart
// (`src/bin/worker.ts`) serves its own registry on SERVICE_WORKER_METRICS_PORT.
//
// Each metric is recorded where the fact is first known for certain: job creation in the domain
// services, terminal statuses at the compare-and-set UPDATE that makes them, model requests in
// activities/model-call.ts (the one place every model call goes through), rendering in the render
// pool, HTTP requests in a middleware that reads the router's matched route template.
import { isMainThread } from 'node:worker_threads';
import { AggregatorRegistry, Counter, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { JobKind } from '../kinds.js';

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

export type FinishedStatus = 'completed' | 'failed' | 'canceled' | 'deleted';

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

/** The scrape: Prometheus text format and its content type. */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  if (otherSources.length === 0) return { contentType: registry.contentType, body: await registry.metrics() };
  const snapshots = await Promise.all([metricsSnapshot(), ...otherSources.map((source) => source())]);
  return { contentType: registry.contentType, body: await AggregatorRegistry.aggregate(snapshots).metrics() };
}
