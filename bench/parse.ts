// Parse scaling: a 100-page mixed PDF, the scripted model holding every page for L ms, at page
// concurrency 1, 4, 8 and 16. Each setting gets a fresh API and worker, since the API captures
// SERVICE_PAGE_CONCURRENCY into the workflow input and the worker is what runs the pages.
// Efficiency = ideal ceil(pages / C) · L divided by the measured wall time. `npm run bench:parse`.
import os from 'node:os';
import { startScriptedProvider } from '../test/harness/scripted-provider.js';
import { cpuSeconds } from './lib/cpu.js';
import { log, type Infra } from './lib/infra.js';
import { between, call, expectStatus, uploadBytes, waitForJobLongPoll } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { startStack, warmUpStack } from './lib/services.js';
import { efficiencyCells, table, type Section } from './lib/stats.js';

const CORES = os.availableParallelism();
const PAGES = 100;
// (model latency L, page concurrency C): the two settings of the targets, and C = 4 at 200 ms.
const SETTINGS: Array<[number, number]> = process.env.BENCH_PAGE_LATENCY_MS
  ? [4, 16].map((c) => [Number(process.env.BENCH_PAGE_LATENCY_MS), c] as [number, number])
  : [[200, 4], [200, 16], [1000, 8]];

export async function parseBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the parse benchmark needs infrastructure');
  const provider = await startScriptedProvider({ benchmark: true });
  const pdf = makeMixedPdf(PAGES);
  let fileId: string | undefined;
  const rows: Array<Array<string | number>> = [];
  try {
    for (const [LATENCY_MS, c] of SETTINGS) {
      provider.reset();
      const stack = await startStack(infra, { env: { SERVICE_PAGE_CONCURRENCY: String(c) }, provider });
      try {
        fileId ??= await uploadBytes(stack.url, pdf, 'mixed-100.pdf', 'application/pdf');
        await warmUpStack(stack.url, provider);
        provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.', delayMs: LATENCY_MS }));
        log(`parse: ${PAGES} pages, L = ${LATENCY_MS} ms, page concurrency ${c}`);
        const cpu0 = cpuSeconds(stack.worker.pid);
        const t0 = performance.now();
        const created = await expectStatus(call(stack.url, 'POST', '/v1/parse-jobs', { file_id: fileId }), 201, 'POST /v1/parse-jobs');
        const job = await waitForJobLongPoll(stack.url, `/v1/parse-jobs/${created.id}`);
        const wall = performance.now() - t0;
        const workerCpuMs = (cpuSeconds(stack.worker.pid) - cpu0) * 1000;
        if (job.result.page_count !== PAGES) throw new Error(`parse returned ${job.result.page_count} pages`);
        const requests = provider.requests.length;
        // The scripted model holds each request L ms from its arrival (benchmark mode).
        const peak = maxOverlap(provider.requests.map((r) => r.arrivedAt), LATENCY_MS);
        provider.reset();
        provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.', delayMs: LATENCY_MS }));
        const ideal = Math.ceil(PAGES / c) * LATENCY_MS;
        rows.push([
          LATENCY_MS,
          c,
          ...efficiencyCells({
            idealMs: ideal,
            wallMs: wall,
            jobMs: between(job.started_at, job.completed_at),
            pages: PAGES,
            workerCpuMs,
            cores: CORES,
            requests,
            inFlight: peak,
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
    table(['model latency L ms', 'page concurrency C', 'ideal s', 'wall s (POST → seen completed, long-poll)', 'job started → completed s', 'efficiency', 'overhead ms/page', `worker CPU ms/page`, `efficiency bound by worker CPU on ${CORES} idle cores`, 'model requests / max in flight'], rows),
    '',
    `${PAGES}-page mixed PDF (text, image and vector pages), the scripted model holding each page L ms, ideal = ceil(${PAGES}/C)·L. ` +
      `"overhead ms/page" = (wall − ideal) / ${PAGES}: rendering and PNG encoding (in the render threads, next pages prefetched), ` +
      'base64, activity scheduling and storage. The client waits with the API\'s long-poll (GET …?wait=60). ' +
      'API and worker as separate processes, after one short text job on the fresh stack ' +
      '(render threads start cold with the measured job). The scripted model holds each request L ms from its arrival. ' +
      '"max in flight" counts model requests whose hold periods overlapped.',
    '',
    '"worker CPU ms/page": user + system CPU time of the worker process (every thread) during the job, per page; ' +
      `"bound": ideal / max(ideal, worker CPU / ${CORES} cores), the efficiency the worker's own CPU use allows when it has the cores to itself ` +
      '(Postgres, Temporal and the scripted model not counted).',
  ].join('\n');
  return { title: 'Parse scaling (100 pages)', body };
}

/** Largest number of requests held by the model at the same time (each held for holdMs). */
function maxOverlap(starts: number[], holdMs: number): number {
  const events = starts.flatMap((s) => [[s, 1] as const, [s + holdMs, -1] as const]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let max = 0;
  for (const [, d] of events) max = Math.max(max, (now += d));
  return max;
}

if (isMain(import.meta.url)) await runStandalone(parseBenchmark, { needsInfra: true });
