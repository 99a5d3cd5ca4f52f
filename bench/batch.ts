// Batch benchmark (issue 35): on the `npm start` configuration with the scripted provider answering
// at once, how fast text items go through a batch at concurrency 16 compared with the same number
// of single jobs created at once, how long 20 interactive jobs take while the batch runs compared
// with the idle service (p50 created → completed), and the process's RSS after 25 % and 100 % of
// the batch. `npx tsx bench/batch.ts` (BENCH_BATCH_ITEMS, default 500; the figure is 2000).
// Not measured here yet: the engine floor (a no-op workflow at the same concurrency) and pages/s of
// PDF items.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startScriptedProvider } from '../test/harness/scripted-provider.js';
import { call, expectStatus, waitForJob, between } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { readRss, startDevStack } from './lib/services.js';
import { fmt, mib, percentile, table, type Section } from './lib/stats.js';

const ITEMS = Number(process.env.BENCH_BATCH_ITEMS || 500);
const SINGLES = 20;

/** Its own `npm start` (embedded Postgres and Temporal dev server): the infrastructure is not used. */
export async function batchBenchmark(): Promise<Section> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docextract-bench-batch-'));
  await chmod(dataDir, 0o755);
  const provider = await startScriptedProvider();
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }) }));
  const stack = await startDevStack({ dataDir, provider });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  try {
    await expectStatus(
      call(stack.url, 'PUT', '/v1/extractors/bench-batch', {
        display_name: 'Bench batch',
        instructions: 'Extract the title and total.',
        model: 'bench-model',
        schema: { type: 'object', properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } }, required: ['title', 'total'], additionalProperties: false },
      }),
      201,
      'PUT extractor',
    );

    /** Create `n` single jobs at once; their created → completed times (ms) and the wall time. */
    const singles = async (n: number, tag: string) => {
      const started = Date.now();
      const ids = await Promise.all(
        Array.from({ length: n }, async (_, i) => (await expectStatus(call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-batch', text: `${tag} ${i}` }), 201, 'POST job')).id as string),
      );
      const jobs = await Promise.all(ids.map((id) => waitForJob(stack.url, `/v1/extraction-jobs/${id}`, 50)));
      return { latencies: jobs.map((j) => between(j.created_at, j.completed_at)), wallMs: Date.now() - started };
    };

    await singles(5, 'warm-up');
    const idle = await singles(SINGLES, 'idle');
    const single = await singles(ITEMS > 200 ? 200 : ITEMS, 'single');
    const singleRate = (ITEMS > 200 ? 200 : ITEMS) / (single.wallMs / 1000);

    const inputs = Array.from({ length: ITEMS }, (_, i) => ({ custom_id: `b-${i}`, text: `batch item ${i}` }));
    const t0 = Date.now();
    const batch = await expectStatus(call(stack.url, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'bench-batch', inputs, concurrency: 16 }), 201, 'POST batch');
    let rssQuarter = 0;
    let during: { latencies: number[] } | undefined;
    let current: any;
    for (;;) {
      current = (await call(stack.url, 'GET', `/v1/batches/${batch.id}`)).body;
      if (!rssQuarter && current.request_counts.completed >= ITEMS / 4) {
        rssQuarter = readRss(stack.dev.pid).rss;
        during = await singles(SINGLES, 'during');
      }
      if (current.status === 'completed') break;
      await sleep(200);
    }
    const batchMs = Date.now() - t0;
    const rssEnd = readRss(stack.dev.pid).rss;
    const batchRate = ITEMS / (batchMs / 1000);

    const p50Idle = percentile(idle.latencies, 50);
    const p50During = during ? percentile(during.latencies, 50) : NaN;
    const body = [
      table(
        ['Figure', 'Value'],
        [
          ['batch: items/s', `${fmt(batchRate)} (${current.request_counts.completed} completed in ${fmt(batchMs / 1000)} s)`],
          ['single jobs created at once: jobs/s', fmt(singleRate)],
          ['batch / single', fmt(batchRate / singleRate, 2)],
          ['interactive p50 created → completed, idle', `${fmt(p50Idle, 0)} ms`],
          ['interactive p50 while the batch runs', `${fmt(p50During, 0)} ms (${fmt(p50During / p50Idle, 2)}× idle)`],
          ['RSS after 25 % / 100 % of the batch', `${mib(rssQuarter)} / ${mib(rssEnd)} MiB (${fmt(((rssEnd - rssQuarter) / rssQuarter) * 100)} %)`],
        ],
      ),
      '',
      `${ITEMS} text items at concurrency 16 on \`npm start\` (one process: API, worker, embedded Postgres, Temporal dev server), the scripted provider answering at once. ` +
        `Single jobs: ${ITEMS > 200 ? 200 : ITEMS} created at once. Interactive: ${SINGLES} jobs created at once, on the idle service and again when a quarter of the batch is done. ` +
        'Not measured yet: the engine floor (a no-op workflow at the same concurrency) and pages/s of PDF items.',
    ].join('\n');
    return { title: `Batches (${ITEMS} text items)`, body };
  } finally {
    await stack.close();
    await provider.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await runStandalone(batchBenchmark, { needsInfra: false });
