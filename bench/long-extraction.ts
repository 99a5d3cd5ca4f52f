// Long-document extraction: a 400-page mixed PDF extracted in windows of the default size (8 pages
// → 50 windows), the scripted model holding every window request L = 1 s, at page concurrency
// C = 4 and 8 (SERVICE_PAGE_CONCURRENCY, which bounds the windows in flight). Efficiency = ideal
// ceil(windows / C) · L divided by the measured wall time. `npm run bench:long`.
import os from 'node:os';
import { startScriptedProvider, type RecordedRequest } from '../test/harness/scripted-provider.js';
import { cpuSeconds } from './lib/cpu.js';
import { log, type Infra } from './lib/infra.js';
import { between, call, expectStatus, uploadBytes, waitForJobLongPoll } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { startStack, warmUpStack } from './lib/services.js';
import { efficiencyCells, table, type Section } from './lib/stats.js';

const CORES = os.availableParallelism();
const PAGES = Number(process.env.BENCH_LONG_PAGES ?? 400);
const WINDOW_PAGES = 8; // SERVICE_EXTRACTION_WINDOW_PAGES' default
const LATENCY_MS = Number(process.env.BENCH_WINDOW_LATENCY_MS ?? 1000);
const CONCURRENCY = process.env.BENCH_LONG_CONCURRENCY ? [Number(process.env.BENCH_LONG_CONCURRENCY)] : [4, 8];
const SCHEMA = {
  type: 'object',
  properties: {
    title: { type: ['string', 'null'] },
    pages: { type: 'array', items: { type: 'object', properties: { page: { type: 'integer' } }, required: ['page'], additionalProperties: false } },
  },
  required: ['title', 'pages'],
  additionalProperties: false,
};

/** The window a request holds, from what it tells the model ("holds pages 9–16 of 400"). */
function windowOf(r: RecordedRequest): { first: number; last: number } {
  const m = /holds pages? (\d+)(?:–(\d+))? of (\d+)/.exec(JSON.stringify(r.body?.messages ?? ''));
  if (!m) throw new Error('a window request that does not say which pages it holds');
  return { first: Number(m[1]), last: Number(m[2] ?? m[1]) };
}

export async function longExtractionBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the long-extraction benchmark needs infrastructure');
  const provider = await startScriptedProvider({ benchmark: true });
  const pdf = makeMixedPdf(PAGES);
  const windows = Math.ceil(PAGES / WINDOW_PAGES);
  const rows: Array<Array<string | number>> = [];
  try {
    for (const c of CONCURRENCY) {
      provider.reset();
      const stack = await startStack(infra, { env: { SERVICE_PAGE_CONCURRENCY: String(c) }, provider });
      try {
        // 201 the first time, 200 when a later setting replaces it (the database is shared).
        const put = await call(stack.url, 'PUT', '/v1/extractors/bench-long', {
          display_name: 'Bench long document',
          instructions: 'Extract the title and one item per page.',
          model: 'bench-model',
          schema: SCHEMA,
        });
        if (put.status !== 201 && put.status !== 200) throw new Error(`PUT extractor answered ${put.status}: ${JSON.stringify(put.body)}`);
        const fileId = await uploadBytes(stack.url, pdf, `mixed-${PAGES}.pdf`, 'application/pdf');
        await warmUpStack(stack.url, provider);
        // Every page of the window as one item: the merged result shows every window arrived once.
        provider.respondWith((r) => {
          const { first, last } = windowOf(r);
          const pages = Array.from({ length: last - first + 1 }, (_, i) => ({ page: first + i }));
          return { kind: 'content', content: JSON.stringify({ title: first === 1 ? 'Report' : null, pages }), delayMs: LATENCY_MS };
        });
        log(`long extraction: ${PAGES} pages in ${windows} windows, L = ${LATENCY_MS} ms, page concurrency ${c}`);
        const cpu0 = cpuSeconds(stack.worker.pid);
        const t0 = performance.now();
        const created = await expectStatus(
          call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-long', file_id: fileId }),
          201,
          'POST /v1/extraction-jobs',
        );
        const job = await waitForJobLongPoll(stack.url, `/v1/extraction-jobs/${created.id}`);
        const wall = performance.now() - t0;
        const workerCpuMs = (cpuSeconds(stack.worker.pid) - cpu0) * 1000;
        const items = job.result.data.pages as Array<{ page: number }>;
        if (items.length !== PAGES || items.some((it, i) => it.page !== i + 1)) {
          throw new Error(`the merged result holds ${items.length} page items, not pages 1–${PAGES} in order`);
        }
        const requests = provider.requests.length;
        const { max } = provider.openRequests();
        const ideal = Math.ceil(windows / c) * LATENCY_MS;
        rows.push([
          c,
          windows,
          ...efficiencyCells({
            idealMs: ideal,
            wallMs: wall,
            jobMs: between(job.started_at, job.completed_at),
            pages: PAGES,
            workerCpuMs,
            cores: CORES,
            requests,
            inFlight: max,
          }),
        ]);
      } finally {
        await stack.close();
      }
    }
  } finally {
    await provider.close();
  }
  const body = [
    table(['page concurrency C', 'windows', 'ideal s', 'wall s (POST → seen completed, long-poll)', 'job started → completed s', 'efficiency', 'overhead ms/page', `worker CPU ms/page`, `efficiency bound by worker CPU on ${CORES} idle cores`, 'model requests / max in flight'], rows),
    '',
    `${PAGES}-page mixed PDF (text, image and vector pages) extracted in windows of ${WINDOW_PAGES} pages (the default), the scripted model ` +
      `holding every window request L = ${LATENCY_MS} ms, ideal = ceil(${windows}/C)·L. "overhead ms/page" = (wall − ideal) / ${PAGES}: ` +
      'rendering and PNG encoding (render threads; the next windows\' pages rendered while windows are at the model), base64, ' +
      'activity scheduling, storing each window, merging and provenance (text-layer search, in the render threads). ' +
      'The client waits with the API\'s long-poll (GET …?wait=60). API and worker as separate processes, after one short text job on the fresh stack (the worker\'s one-time set-up; render threads ' +
      'start cold with the measured job). The scripted model runs in the benchmark process on the same cores; it holds each request L ms ' +
      'from its arrival (reading the ~9 MB request is part of L, as at a real model) and keeps no image data.',
    '',
    '"worker CPU ms/page": user + system CPU time of the worker process (every thread) during the job, per page; ' +
      `"bound": ideal / max(ideal, worker CPU / ${CORES} cores), the efficiency the worker's own CPU use allows when it has the cores to itself ` +
      '(Postgres, Temporal and the scripted model not counted).',
  ].join('\n');
  return { title: `Long-document extraction (${PAGES} pages, ${windows} windows)`, body };
}

if (isMain(import.meta.url)) await runStandalone(longExtractionBenchmark, { needsInfra: true });
