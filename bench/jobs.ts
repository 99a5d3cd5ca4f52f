// Job overhead: POST → completed for a text extraction job when the model answers instantly, one
// job at a time and 16 at a time, in the two configurations users run — `npm start` (one process,
// embedded Postgres, the Temporal dev server persisted in its data dir) and separate API and
// worker processes — each for this checkout and for the previous release (bench/lib/baseline.ts)
// in the same run, so the ratio holds on a noisy machine. In the `npm start` configuration it
// also measures API GET latency while a 300-page parse runs in the same process.
// `npm run bench:jobs` (BENCH_JOBS=N changes the job count per mode).
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { startScriptedProvider, type ScriptedProvider } from '../test/harness/scripted-provider.js';
import { withDatabaseName } from '../src/runtime/database.js';
import { prepareBaseline, type Baseline } from './lib/baseline.js';
import { log, type Infra } from './lib/infra.js';
import { between, call, expectStatus, uploadBytes, waitForJob, waitForJobAsClientsDo } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { startDevStack, startStack, type Stack } from './lib/services.js';
import { fmt, percentile, table, type Section } from './lib/stats.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 150);
/** BENCH_JOBS_SETUPS=npm-start (or separate) measures one setup only; both by default. */
const SETUPS = process.env.BENCH_JOBS_SETUPS ?? 'npm-start,separate';
/**
 * BENCH_JOBS_ROUNDS=N measures each setup N times, alternating which code goes first (this commit
 * then the baseline, then the baseline first, ...), and pools the rounds: a machine whose load
 * drifts during the run then weighs on both sides alike. 1 by default.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_JOBS_ROUNDS ?? 1));
const POLL_MS = 20;
const WARM_UP = 20;
const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['title', 'total'],
  additionalProperties: false,
};
const ANSWER = JSON.stringify({ title: 'Invoice 7', total: 12.5 });

/** How the client waits for a job: GET every POLL_MS, or as this project's clients do (long-poll where offered). */
type Waiting = 'polling' | 'long-poll';

interface Mode {
  concurrency: number;
  waiting: Waiting;
  client: number[];
  server: number[];
  wallMs: number;
}

interface Measured {
  setup: 'npm start' | 'separate api + worker';
  code: string;
  modes: Mode[];
}

async function oneJob(stack: Stack, waiting: Waiting, client: number[], server: number[]): Promise<string> {
  const t0 = performance.now();
  const created = await expectStatus(
    call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-invoice', text: 'Invoice 7, total 12.50' }),
    201,
    'POST /v1/extraction-jobs',
  );
  const wait = waiting === 'long-poll' ? waitForJobAsClientsDo : waitForJob;
  const job = await wait(stack.url, `/v1/extraction-jobs/${created.id}`, POLL_MS, 120_000);
  client.push(performance.now() - t0);
  server.push(between(job.created_at, job.completed_at));
  return created.id as string;
}

async function runMode(stack: Stack, concurrency: number, jobs: number, waiting: Waiting = 'polling'): Promise<Mode> {
  const client: number[] = [];
  const server: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < jobs) await oneJob(stack, waiting, client, server);
    }),
  );
  stack.provider.reset(); // drop recorded requests; keep answering instantly
  stack.provider.respondWith(() => ({ kind: 'content', content: ANSWER }));
  return { concurrency, waiting, client, server, wallMs: performance.now() - t0 };
}

async function measureJobs(stack: Stack): Promise<{ modes: Mode[] }> {
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
  await runMode(stack, 4, WARM_UP);
  const modes: Mode[] = [];
  for (const concurrency of [1, 16]) {
    log(`jobs: ${JOBS} jobs, ${concurrency} at a time`);
    modes.push(await runMode(stack, concurrency, JOBS));
  }
  // The same load with clients that long-poll where the API offers it (the project's Python and
  // TypeScript clients and CLI do): no polling GETs on the cores. A release without the long-poll
  // answers at once and its client polls every POLL_MS, as above.
  log(`jobs: ${JOBS} jobs, 16 at a time, clients long-polling where offered`);
  modes.push(await runMode(stack, 16, JOBS, 'long-poll'));
  return { modes };
}

export async function jobsBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the jobs benchmark needs infrastructure');
  const provider = await startScriptedProvider();
  let baseline: Baseline | undefined;
  const scratch = await mkdtemp(path.join(infra.tempDir, 'jobs-'));
  await chmod(scratch, 0o755); // embedded Postgres runs as the postgres user and must get through
  const results: Measured[] = [];
  try {
    baseline = await prepareBaseline();
    const adminUrl = withDatabaseName(infra.databaseUrl, 'postgres');
    const baselineDb = await baseline.database(adminUrl);
    // Each round starts `npm start` on a data dir of its own, as a first start.
    let round = 0;
    const runs: Array<[Measured['setup'], string, () => Promise<Stack>]> = [
      ['npm start', 'this commit', () => startDevStack({ dataDir: path.join(scratch, `dev-current-${round}`), provider })],
      ['npm start', `baseline ${baseline.commit}`, () => startDevStack({ root: baseline!.root, dataDir: path.join(scratch, `dev-baseline-${round}`), provider })],
      ['separate api + worker', 'this commit', () => startStack(infra, { provider })],
      ['separate api + worker', `baseline ${baseline.commit}`, () => startStack(infra, { provider, root: baseline!.root, bundlePath: null, env: { DATABASE_URL: baselineDb } })],
    ];
    const wanted = (setup: Measured['setup']) => SETUPS.split(',').includes(setup === 'npm start' ? 'npm-start' : 'separate');
    const selected = runs.filter(([setup]) => wanted(setup));
    for (; round < ROUNDS; round++) {
      // Pairs of (this commit, baseline) per setup; odd rounds run the baseline first.
      const ordered = round % 2 === 0 ? selected : selected.flatMap((_, i, all) => (i % 2 === 0 ? [all[i + 1]!, all[i]!] : []));
      for (const [setup, code, start] of ordered) {
        log(`jobs: ${setup}, ${code}: starting (round ${round + 1} of ${ROUNDS})`);
        const stack = await start();
        try {
          provider.reset();
          const { modes } = await measureJobs(stack);
          pool(results, { setup, code, modes });
        } finally {
          await stack.close();
        }
      }
    }
  } finally {
    await provider.close();
    await baseline?.close();
    await rm(scratch, { recursive: true, force: true }).catch(() => {});
  }
  return { title: 'Job overhead (extraction, instant model)', body: report(results) };
}

/** Adds one round's figures to those of earlier rounds of the same setup and code (latencies pooled, wall times summed). */
function pool(results: Measured[], measured: Measured): void {
  const earlier = results.find((r) => r.setup === measured.setup && r.code === measured.code);
  if (!earlier) {
    results.push(measured);
    return;
  }
  for (const m of measured.modes) {
    const same = earlier.modes.find((e) => e.concurrency === m.concurrency && e.waiting === m.waiting);
    if (!same) earlier.modes.push(m);
    else {
      same.client.push(...m.client);
      same.server.push(...m.server);
      same.wallMs += m.wallMs;
    }
  }
}

function report(results: Measured[]): string {
  const find = (setup: string, current: boolean) => results.find((r) => r.setup === setup && r.code.startsWith('this') === current);
  const rate = (m: Mode) => m.client.length / (m.wallMs / 1000);
  const mode = (m: Measured | undefined, concurrency: number, waiting: Waiting = 'polling') => m?.modes.find((x) => x.concurrency === concurrency && x.waiting === waiting);
  const ratio = (a: number, b: number | undefined) => (b === undefined ? '' : `${fmt(a / b, 2)}×`);
  const rows: Array<Array<string | number>> = [];
  for (const r of results) {
    const base = r.code.startsWith('this') ? find(r.setup, false) : undefined;
    const [one, many, longPoll] = [mode(r, 1)!, mode(r, 16)!, mode(r, 16, 'long-poll')!];
    const baseOne = mode(base, 1);
    const baseRate = (waiting: Waiting) => {
      const m = mode(base, 16, waiting);
      return m && rate(m);
    };
    rows.push([
      r.setup,
      r.code,
      fmt(rate(many), 1),
      ratio(rate(many), baseRate('polling')),
      fmt(rate(longPoll), 1),
      ratio(rate(longPoll), baseRate('long-poll')),
      fmt(percentile(one.server, 50), 0),
      ratio(percentile(one.server, 50), baseOne && percentile(baseOne.server, 50)),
      fmt(percentile(one.server, 95), 0),
      fmt(percentile(one.client, 50), 0),
      fmt(percentile(many.server, 50), 0),
    ]);
  }
  const load = `Load average (1, 5, 15 min) at the end of the run: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ')}.`;
  return [
    table(
      ['setup', 'code', 'jobs/s, 16 in flight (clients poll every 20 ms)', 'vs baseline', 'jobs/s, 16 in flight (clients long-poll where offered)', 'vs baseline', 'p50 ms created → completed, 1 at a time', 'vs baseline', 'p95 ms (1 at a time)', 'client p50 ms (POST → seen completed)', 'p50 ms created → completed, 16 in flight'],
      rows,
    ),
    '',
    `${JOBS} text extraction jobs per mode after ${WARM_UP} warm-up jobs, scripted provider answering at once, client polling every ${POLL_MS} ms. ` +
      `"long-poll where offered": clients wait with \`GET …?wait=60\` (as this project's Python and TypeScript clients and CLI do when the API declares it); the baseline release has no long-poll, answers at once, and its clients poll every ${POLL_MS} ms. ` +
      '"npm start": `src/bin/dev.ts` as one process with embedded Postgres and the Temporal dev server persisted in a fresh data dir (exactly what `npm start` runs); ' +
      '"separate": `src/bin/api.ts` and `src/bin/worker.ts` as two processes against the bench Postgres and the harness\'s in-memory Temporal dev server. ' +
      'The baseline is the previous release checked out in a git worktree and run the same way in the same run (ratios: this commit / baseline; for latency, lower is better). ' +
      'jobs/s is the sustained rate over the whole 16-in-flight mode. ' +
      load,
      // API GETs while a 300-page parse runs: bench/reads.ts (with the same reads on an idle service).
  ].join('\n');
}

if (isMain(import.meta.url)) await runStandalone(jobsBenchmark, { needsInfra: true });
