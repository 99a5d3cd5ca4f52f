// /metrics: Prometheus text format, parsed here with a real exposition-format parser. After jobs run
// through the real stack (API, Temporal, worker; only the model is scripted) the counters move: jobs
// created and finished, a duration observation, model request latency, tokens and retries, page
// render time, HTTP durations by route template. Protected like /v1 unless SERVICE_METRICS_PUBLIC;
// a worker run apart serves its own on SERVICE_WORKER_METRICS_PORT. Metrics of the present: jobs by
// status and jobs retrying (read by the API from Postgres at scrape time), model requests in flight
// and slots held (the worker's own gauges) during a long parse and a provider outage; webhook
// deliveries and their lag.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { startApi, type RunningApi } from '../../src/runtime/api-process.js';
import { makePdf } from '../fixtures/documents.js';
import { apiCall } from '../harness/openapi-validator.js';
import { parsePrometheusText, type PrometheusExposition } from '../harness/prometheus-text.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { forJob, startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { eventually } from '../api/job-helpers.js';

const TOKEN = 'metrics-admin-token-3f9a';
const CLIENT_TOKEN = 'metrics-client-token-81bc';
const auth = { authorization: `Bearer ${TOKEN}` };
const MODEL = 'generic-vision-model';
const ANSWER = JSON.stringify({ invoice_number: 'INV-7', total: 12.5 });
const USAGE = { prompt_tokens: 1234, completion_tokens: 56 };
const PAGE_CONCURRENCY = 3;

let stack: TestStack;
let provider: ScriptedProvider;
let publicApi: RunningApi;
let receiver: WebhookReceiver;
const endpointIds: string[] = [];

/** One scrape, parsed, with lookups by name and label subset. */
class Scrape {
  constructor(readonly exposition: PrometheusExposition) {}

  get samples() {
    return this.exposition.samples;
  }

  static async of(url: string, headers: Record<string, string> = auth): Promise<Scrape> {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return new Scrape(await parsePrometheusText(await res.text()));
  }

  /** The type of a family, when the exposition declares it. */
  typeOf(family: string): string | undefined {
    return this.exposition.families.find((f) => f.name === family)?.type;
  }

  /** Sum of the series `name` over the samples whose labels include `labels` (0 when none). */
  private total(name: string, labels: Record<string, string>): number {
    return this.samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + Number(s.value), 0);
  }

  /** A gauge's value: the sum of its series whose labels include `labels` (0 when none). */
  gauge(name: string, labels: Record<string, string> = {}): number {
    return this.total(name, labels);
  }

  /** The samples of a series name whose labels include `labels`. */
  series(name: string, labels: Record<string, string> = {}) {
    return this.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** A counter (`name` without `_total`). */
  value(name: string, labels: Record<string, string> = {}): number {
    return this.total(`${name.replace(/_total$/, '')}_total`, labels);
  }

  /** Observations of a histogram. */
  count(name: string, labels: Record<string, string> = {}): number {
    return this.total(`${name}_count`, labels);
  }

  sum(name: string, labels: Record<string, string> = {}): number {
    return this.total(`${name}_sum`, labels);
  }

  /** Label values of a histogram's series. */
  labelValues(name: string, label: string): Set<string> {
    return new Set(this.samples.filter((s) => s.name === `${name}_count`).map((s) => s.labels[label]!));
  }
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth) {
  return apiCall(stack.url, method, path, body, headers);
}

async function uploadPdf(): Promise<string> {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(makePdf(['Invoice INV-7', 'Total 12.50']))], { type: 'application/pdf' }), 'invoice.pdf');
  const r = await call('POST', '/v1/files', form);
  expect(r.status).toBe(201);
  return r.body.id;
}

async function runExtraction(fileId: string): Promise<any> {
  const created = await call('POST', '/v1/extraction-jobs', { extractor_name: 'metrics-invoice', file_id: fileId });
  expect(created.status).toBe(201);
  return eventually(async () => {
    const r = await call('GET', `/v1/extraction-jobs/${created.body.id}?wait=10`);
    return ['completed', 'failed', 'canceled'].includes(r.body.status) ? r.body : undefined;
  }, 60_000);
}

beforeAll(async () => {
  provider = await startScriptedProvider();
  stack = await startTestStack({
    batches: true,
    env: {
      SERVICE_API_TOKENS: `${TOKEN},${CLIENT_TOKEN}:client`,
      SERVICE_RENDER_DPI: '50',
      SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100',
      SERVICE_PROVIDER_MAX_INTERVAL_MS: '200',
      SERVICE_PAGE_CONCURRENCY: String(PAGE_CONCURRENCY),
      // The webhook receiver listens on 127.0.0.1; a failed delivery is tried again soon.
      SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true',
      SERVICE_WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '300',
      SERVICE_WEBHOOK_RETRY_MAX_INTERVAL_MS: '600',
    },
  });
  receiver = await startWebhookReceiver();
  expect((await call('PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl })).status).toBe(200);
  const put = await call('PUT', '/v1/extractors/metrics-invoice', {
    display_name: 'Metrics invoice',
    instructions: 'Extract the invoice number and the total.',
    model: MODEL,
    schema: {
      type: 'object',
      properties: { invoice_number: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
      required: ['invoice_number', 'total'],
      additionalProperties: false,
    },
  });
  expect(put.status).toBe(201);
  // The same service with SERVICE_METRICS_PUBLIC=true.
  publicApi = await startApi({ ...stack.config, metrics: { public: true } }, {
    databaseUrl: stack.config.databaseUrl!,
    temporalAddress: stack.config.temporal.address!,
    logger: pino({ level: 'silent' }),
    port: 0,
  });
}, 120_000);

afterAll(async () => {
  // Endpoints live in the run's shared database: never leave one for other test files' jobs.
  for (const id of endpointIds) await call('DELETE', `/v1/webhook-endpoints/${id}`).catch(() => {});
  await receiver?.close();
  await publicApi?.close();
  await stack?.close();
  await provider?.close();
});

describe('GET /metrics', () => {
  it('is protected like /v1: 401 without a token, any valid token reads it; public with SERVICE_METRICS_PUBLIC=true', async () => {
    const anonymous = await apiCall(stack.url, 'GET', '/metrics');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'unauthorized']);
    expect((await apiCall(stack.url, 'GET', '/metrics', undefined, { authorization: `Bearer ${CLIENT_TOKEN}` })).status).toBe(200);
    const open = await apiCall<string>(publicApi.url, 'GET', '/metrics');
    expect(open.status).toBe(200);
    // /v1 stays protected on that API.
    expect((await apiCall(publicApi.url, 'GET', '/v1/files')).status).toBe(401);
    // Its own families are declared even before anything happened, and the process's own metrics are there.
    const scrape = new Scrape(await parsePrometheusText(open.body));
    for (const family of ['docextract_jobs_created', 'docextract_jobs_finished', 'docextract_model_request_retries', 'process_cpu_user_seconds']) {
      expect([family, scrape.typeOf(family)]).toEqual([family, 'counter']);
    }
    for (const family of ['docextract_job_duration_seconds', 'docextract_model_request_duration_seconds', 'docextract_page_render_duration_seconds', 'docextract_http_request_duration_seconds']) {
      expect([family, scrape.typeOf(family)]).toEqual([family, 'histogram']);
    }
    expect(scrape.typeOf('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(scrape.typeOf('docextract_webhook_deliveries')).toBe('counter');
    expect(scrape.typeOf('docextract_webhook_delivery_lag_seconds')).toBe('histogram');
    for (const family of ['docextract_jobs', 'docextract_jobs_retrying', 'docextract_model_requests_in_flight', 'docextract_model_slots_in_use', 'docextract_temporal_task_queue_backlog']) {
      expect([family, scrape.typeOf(family)]).toEqual([family, 'gauge']);
    }
    // Every non-terminal status of both kinds has a series, zero included, so a panel never has gaps.
    for (const kind of ['extraction', 'parse']) {
      for (const status of ['queued', 'running', 'canceling', 'deleting']) {
        expect([kind, status, scrape.series('docextract_jobs', { kind, status }).length]).toEqual([kind, status, 1]);
      }
    }
    expect(scrape.series('docextract_jobs_retrying')).toHaveLength(1);
  });

  it('moves after jobs: created, finished (completed and failed with its code), durations, model latency, tokens, retries, rendering, HTTP routes', async () => {
    const before = await Scrape.of(`${stack.url}/metrics`);
    const fileId = await uploadPdf();

    // A job that completes after one transient failure (503), and one that the provider refuses (400).
    provider.enqueue({ kind: 'error', status: 503 }, { kind: 'content', content: ANSWER, usage: USAGE });
    const completed = await runExtraction(fileId);
    expect(completed.status).toBe('completed');
    provider.enqueue({ kind: 'error', status: 400, body: { error: { message: 'unknown model' } } });
    const failed = await runExtraction(fileId);
    expect([failed.status, failed.error.code]).toEqual(['failed', 'provider_rejected']);

    // The worker counts a job's end just after writing it: the API may show `failed` a moment earlier.
    const failedCount = (s: Scrape) => s.value('docextract_jobs_finished_total', { kind: 'extraction', status: 'failed', error_code: 'provider_rejected' });
    const after = await eventually(async () => {
      const s = await Scrape.of(`${stack.url}/metrics`);
      return failedCount(s) > failedCount(before) ? s : undefined;
    }, 10_000);
    const delta = (f: (s: Scrape) => number) => f(after) - f(before);
    const model = { provider: 'compatible_api', model: MODEL };

    expect(delta((s) => s.value('docextract_jobs_created_total', { kind: 'extraction' }))).toBe(2);
    expect(delta((s) => s.value('docextract_jobs_finished_total', { kind: 'extraction', status: 'completed', error_code: '' }))).toBe(1);
    expect(delta(failedCount)).toBe(1);
    expect(delta((s) => s.count('docextract_job_duration_seconds', { kind: 'extraction', status: 'completed' }))).toBe(1);
    expect(delta((s) => s.sum('docextract_job_duration_seconds', { kind: 'extraction', status: 'completed' }))).toBeGreaterThan(0);

    // Model requests: one 503, one answer, one 400, each timed; tokens as reported; the 503 retried.
    expect(delta((s) => s.count('docextract_model_request_duration_seconds', { ...model, outcome: 'ok' }))).toBe(1);
    expect(delta((s) => s.count('docextract_model_request_duration_seconds', { ...model, outcome: 'provider_unavailable' }))).toBe(1);
    expect(delta((s) => s.count('docextract_model_request_duration_seconds', { ...model, outcome: 'provider_rejected' }))).toBe(1);
    expect(delta((s) => s.sum('docextract_model_request_duration_seconds', { ...model, outcome: 'ok' }))).toBeGreaterThan(0);
    expect(delta((s) => s.value('docextract_model_tokens_total', { ...model, type: 'prompt' }))).toBe(USAGE.prompt_tokens);
    expect(delta((s) => s.value('docextract_model_tokens_total', { ...model, type: 'completion' }))).toBe(USAGE.completion_tokens);
    expect(delta((s) => s.value('docextract_model_request_retries_total', { ...model, error_code: 'provider_unavailable' }))).toBe(1);

    // Both pages rendered for each model attempt's job; the document inspected.
    expect(delta((s) => s.count('docextract_page_render_duration_seconds', { operation: 'render' }))).toBeGreaterThanOrEqual(4);
    expect(delta((s) => s.count('docextract_page_render_duration_seconds', { operation: 'inspect' }))).toBeGreaterThanOrEqual(1);

    // HTTP: by route template, never the raw path with its ids.
    expect(delta((s) => s.count('docextract_http_request_duration_seconds', { method: 'POST', route: '/v1/extraction-jobs', status: '201' }))).toBe(2);
    expect(delta((s) => s.count('docextract_http_request_duration_seconds', { method: 'GET', route: '/v1/extraction-jobs/:job_id', status: '200' }))).toBeGreaterThanOrEqual(2);
    const routes = after.labelValues('docextract_http_request_duration_seconds', 'route');
    expect([...routes].filter((r) => /ejob_|file_/.test(r))).toEqual([]);
  }, 120_000);

  it('counts a job canceled while its model request is open as finished canceled, and the request as canceled', async () => {
    const before = await Scrape.of(`${stack.url}/metrics`);
    provider.reset();
    provider.enqueue({ kind: 'stall' });
    const fileId = await uploadPdf();
    const created = await call('POST', '/v1/extraction-jobs', { extractor_name: 'metrics-invoice', file_id: fileId });
    await provider.waitForRequests(1, 30_000);
    expect((await call('POST', `/v1/extraction-jobs/${created.body.id}/cancel`)).status).toBe(200);
    await eventually(async () => ((await call('GET', `/v1/extraction-jobs/${created.body.id}?wait=5`)).body.status === 'canceled' ? true : undefined), 30_000);
    const after = await Scrape.of(`${stack.url}/metrics`);
    const delta = (f: (s: Scrape) => number) => f(after) - f(before);
    expect(delta((s) => s.value('docextract_jobs_finished_total', { kind: 'extraction', status: 'canceled', error_code: '' }))).toBe(1);
    expect(delta((s) => s.count('docextract_job_duration_seconds', { kind: 'extraction', status: 'canceled' }))).toBe(1);
    expect(delta((s) => s.count('docextract_model_request_duration_seconds', { provider: 'compatible_api', model: MODEL, outcome: 'canceled' }))).toBe(1);
  }, 120_000);

  it('is served by a worker run apart on SERVICE_WORKER_METRICS_PORT, with the worker\'s own counters and the same protection', async () => {
    await stack.stopWorker();
    const worker = await stack.startWorkerProcess({ env: { SERVICE_WORKER_METRICS_PORT: '0' } });
    try {
      const url = await eventually(async () => /"msg":"metrics listening"/.test(worker.output()) ? /"url":"([^"]+)"/.exec(worker.output().split('\n').find((l) => l.includes('"msg":"metrics listening"'))!)![1] : undefined);
      expect((await fetch(url)).status).toBe(401);
      const before = await Scrape.of(url);
      provider.enqueue({ kind: 'content', content: ANSWER, usage: USAGE });
      const job = await runExtraction(await uploadPdf());
      expect(job.status).toBe('completed');
      const after = await Scrape.of(url);
      // Finished and model requests are the worker's facts; creation is the API's, not counted here.
      expect(after.value('docextract_jobs_finished_total', { kind: 'extraction', status: 'completed' }) - before.value('docextract_jobs_finished_total', { kind: 'extraction', status: 'completed' })).toBe(1);
      expect(after.count('docextract_model_request_duration_seconds', { provider: 'compatible_api', model: MODEL, outcome: 'ok' })).toBe(1);
      expect(after.value('docextract_jobs_created_total')).toBe(0);
    } finally {
      await worker.stop();
      await stack.startWorker();
    }
  }, 120_000);
});

describe('GET /metrics shows the present', () => {
  it('during a 40-page parse with a slow model: the job running, model requests in flight = the page concurrency; once the provider is down, the job retrying', async () => {
    provider.reset();
    // Slowed: every page's answer takes a minute, so the job's requests stay open while we look.
    provider.respondWith(() => ({ kind: 'content', content: '# A page', delayMs: 60_000 }));
    const form = new FormData();
    const pages = Array.from({ length: 40 }, (_, i) => `Page ${i + 1}`);
    form.append('upload', new Blob([new Uint8Array(makePdf(pages))], { type: 'application/pdf' }), 'forty.pdf');
    const file = await call('POST', '/v1/files', form);
    expect(file.status).toBe(201);
    const created = await call('POST', '/v1/parse-jobs', { file_id: file.body.id });
    expect(created.status).toBe(201);
    const jobId: string = created.body.id;
    try {
      await eventually(async () => (provider.openRequests().now >= PAGE_CONCURRENCY ? true : undefined), 60_000);
      const during = await Scrape.of(`${stack.url}/metrics`);
      expect((await call('GET', `/v1/parse-jobs/${jobId}`)).body.status).toBe('running');
      // Postgres is shared with the run's other test files: this job is one of the running ones.
      expect(during.gauge('docextract_jobs', { kind: 'parse', status: 'running' })).toBeGreaterThanOrEqual(1);
      // In-flight and slots are this process's own: exactly this job's requests.
      expect(provider.openRequests().now).toBe(PAGE_CONCURRENCY);
      expect(during.gauge('docextract_model_requests_in_flight', { provider: 'compatible_api' })).toBe(PAGE_CONCURRENCY);
      expect(during.gauge('docextract_model_slots_in_use', { scope: 'job' })).toBe(PAGE_CONCURRENCY);
      // The pages' activities that started beyond the concurrency wait for a slot of the job.
      expect(during.gauge('docextract_model_calls_waiting_for_slot', { scope: 'job' })).toBeGreaterThanOrEqual(0);

      // The provider goes away: open requests are cut, new ones are refused (connection refused),
      // and the job's calls wait for their next attempt.
      const port = Number(new URL(provider.baseUrl).port);
      await provider.close();
      const outage = await eventually(async () => {
        const s = await Scrape.of(`${stack.url}/metrics`);
        return s.gauge('docextract_jobs_retrying') >= 1 ? s : undefined;
      }, 60_000);
      expect(outage.gauge('docextract_jobs_retrying')).toBeGreaterThanOrEqual(1);
      const job = (await call('GET', `/v1/parse-jobs/${jobId}`)).body;
      expect(job.status).toBe('running');
      expect(job.retry).toMatchObject({ last_error_code: expect.stringMatching(/^provider_/) });
      expect(outage.value('docextract_model_request_retries_total', { provider: 'compatible_api' })).toBeGreaterThanOrEqual(1);
      provider = await startScriptedProvider({ port });
    } finally {
      await call('POST', `/v1/parse-jobs/${jobId}/cancel`);
    }
    await eventually(async () => ((await call('GET', `/v1/parse-jobs/${jobId}?wait=5`)).body.status === 'canceled' ? true : undefined), 60_000);
    // Over: nothing of it is in flight or held, and it is no longer retrying.
    const after = await eventually(async () => {
      const s = await Scrape.of(`${stack.url}/metrics`);
      return s.gauge('docextract_model_requests_in_flight') === 0 ? s : undefined;
    }, 30_000);
    expect(after.gauge('docextract_model_slots_in_use')).toBe(0);
    const row = await stack.db('job_call_retries').where({ job_id: jobId }).first();
    expect(row).toBeUndefined();
  }, 240_000);

  it('reports the Temporal task queue backlog of the service\'s queues (interactive and batch) where the server reports task queue stats', async () => {
    const scrape = await Scrape.of(`${stack.url}/metrics`);
    // The harness's Temporal dev server reports stats: both queue types of this stack's job queue
    // and of its batch queue (TEMPORAL_BATCH_TASK_QUEUE), each with its `queue` label.
    const queues = [
      { task_queue: stack.taskQueue, queue: 'interactive' },
      { task_queue: stack.config.temporal.batchTaskQueue, queue: 'batch' },
    ];
    expect(queues[1]!.task_queue).not.toBe(queues[0]!.task_queue);
    for (const labels of queues) {
      for (const type of ['workflow', 'activity']) {
        const [backlog] = scrape.series('docextract_temporal_task_queue_backlog', { ...labels, type });
        expect(backlog).toBeDefined();
        expect(Number(backlog!.value)).toBeGreaterThanOrEqual(0);
        const [age] = scrape.series('docextract_temporal_task_queue_backlog_age_seconds', { ...labels, type });
        expect(Number(age!.value)).toBeGreaterThanOrEqual(0);
      }
    }
  }, 60_000);

  it('counts webhook deliveries by outcome and the lag from the job\'s end to its delivery', async () => {
    provider.reset();
    receiver.received.length = 0;
    const endpoint = await call('POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['extraction_job.completed'] });
    expect(endpoint.status).toBe(201);
    endpointIds.push(endpoint.body.id);
    const before = await Scrape.of(`${stack.url}/metrics`);

    // The receiver fails once (500), then accepts: one failed attempt, one delivery.
    receiver.answer(500);
    provider.enqueue({ kind: 'content', content: ANSWER, usage: USAGE });
    const job = await runExtraction(await uploadPdf());
    expect(job.status).toBe('completed');
    await receiver.waitFor((got) => got.filter(forJob(job.id)).some((w) => w.status === 200), 60_000);
    const after = await eventually(async () => {
      const s = await Scrape.of(`${stack.url}/metrics`);
      return s.value('docextract_webhook_deliveries_total', { outcome: 'delivered' }) > before.value('docextract_webhook_deliveries_total', { outcome: 'delivered' }) ? s : undefined;
    });
    const delta = (f: (s: Scrape) => number) => f(after) - f(before);
    expect(delta((s) => s.value('docextract_webhook_deliveries_total', { outcome: 'failed' }))).toBe(1);
    expect(delta((s) => s.value('docextract_webhook_deliveries_total', { outcome: 'delivered' }))).toBe(1);
    expect(delta((s) => s.count('docextract_webhook_delivery_lag_seconds'))).toBe(1);
    // Retried after the failure: the lag covers at least the first attempt and the backoff.
    expect(delta((s) => s.sum('docextract_webhook_delivery_lag_seconds'))).toBeGreaterThan(0.1);
  }, 120_000);
});
