// Job overhead: POST → completed for a text extraction job when the model answers instantly,
// one job at a time and 16 at a time, measured by the client (polling) and by the job's own
// timestamps. `npm run bench:jobs` (BENCH_JOBS=N changes the job count per mode).
import { log, type Infra } from './lib/infra.js';
import { between, call, expectStatus, waitForJob } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { startStack, type Stack } from './lib/services.js';
import { fmt, percentile, table, type Section } from './lib/stats.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 240);
const POLL_MS = 20;
const WARM_UP = 20;
const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['title', 'total'],
  additionalProperties: false,
};
const ANSWER = JSON.stringify({ title: 'Invoice 7', total: 12.5 });

interface Mode {
  concurrency: number;
  client: number[];
  server: number[];
  wallMs: number;
}

async function oneJob(stack: Stack, client: number[], server: number[]): Promise<void> {
  const t0 = performance.now();
  const created = await expectStatus(
    call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-invoice', text: 'Invoice 7, total 12.50' }),
    201,
    'POST /v1/extraction-jobs',
  );
  const job = await waitForJob(stack.url, `/v1/extraction-jobs/${created.id}`, POLL_MS, 60_000);
  client.push(performance.now() - t0);
  server.push(between(job.created_at, job.completed_at));
}

async function runMode(stack: Stack, concurrency: number, jobs: number): Promise<Mode> {
  const client: number[] = [];
  const server: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < jobs) await oneJob(stack, client, server);
    }),
  );
  stack.provider.reset(); // drop recorded requests; keep answering instantly
  stack.provider.respondWith(() => ({ kind: 'content', content: ANSWER }));
  return { concurrency, client, server, wallMs: performance.now() - t0 };
}

export async function jobsBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the jobs benchmark needs infrastructure');
  const stack = await startStack(infra);
  try {
    stack.provider.respondWith(() => ({ kind: 'content', content: ANSWER }));
    await expectStatus(
      call(stack.url, 'PUT', '/v1/extractors/bench-invoice', {
        display_name: 'Bench invoice',
        instructions: 'Extract the title and total.',
        model: 'bench-model',
        schema: SCHEMA,
      }),
      201,
      'PUT extractor',
    );
    log(`jobs: warm-up (${WARM_UP} jobs)`);
    await runMode(stack, 4, WARM_UP);
    const modes: Mode[] = [];
    for (const concurrency of [1, 16]) {
      log(`jobs: ${JOBS} jobs, ${concurrency} at a time`);
      modes.push(await runMode(stack, concurrency, JOBS));
    }
    const rows = modes.flatMap((m) => [
      [`${m.concurrency}`, 'client: POST → seen completed', m.client.length, ...[50, 95, 99].map((p) => fmt(percentile(m.client, p), 0)), fmt(m.client.length / (m.wallMs / 1000), 1)],
      [`${m.concurrency}`, 'job: completed_at − created_at', m.server.length, ...[50, 95, 99].map((p) => fmt(percentile(m.server, p), 0)), ''],
    ]);
    const body = [
      table(['in flight', 'measured as', 'jobs', 'p50 ms', 'p95 ms', 'p99 ms', 'jobs/s'], rows),
      '',
      `Text extraction jobs, scripted provider answering at once, API and worker as separate processes, ` +
        `client polling every ${POLL_MS} ms (the polling itself adds up to ${POLL_MS} ms + one GET to the client figure). ` +
        `jobs/s is the sustained rate over the whole run of that mode.`,
    ].join('\n');
    return { title: 'Job overhead (extraction, instant model)', body };
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url)) await runStandalone(jobsBenchmark, { needsInfra: true });
