// API reads under load: GET of one extraction job and a list request (one page of 20), driven by
// autocannon in a separate process against the API process; and GET latency while a 300-page
// parse runs in the same process (`npm start`: API, worker and render threads in one process).
// `npm run bench:reads`.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { log, type Infra } from './lib/infra.js';
import { call, expectStatus, uploadBytes, waitForJob } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { startDevStack, startStack, workerNodeArgs } from './lib/services.js';
import { fmt, table, type Section } from './lib/stats.js';

const run = promisify(execFile);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const JOBS = 60;
const PARSE_PAGES = 300;
const PARSE_READ_RATE = 100; // GET requests per second while the parse runs
const PARSE_READ_SECONDS = 10;

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}

/** autocannon's CLI in its own node process, JSON result on stdout (rate: total requests per second). */
export async function autocannon(
  url: string,
  opts: { connections?: number; durationS?: number; rate?: number } = {},
): Promise<CannonResult> {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
  const durationS = opts.durationS ?? DURATION_S;
  const args = [cli, '--json', '-c', String(opts.connections ?? CONNECTIONS), '-d', String(durationS)];
  if (opts.rate) args.push('--overallRate', String(opts.rate));
  const { stdout } = await run(process.execPath, [...args, url], {
    maxBuffer: 16 << 20,
    timeout: (durationS + 60) * 1000,
  });
  return JSON.parse(stdout) as CannonResult;
}

const EXTRACTOR = {
  display_name: 'Bench reads',
  instructions: 'Extract the title and total.',
  model: 'bench-model',
  schema: {
    type: 'object',
    properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
    required: ['title', 'total'],
    additionalProperties: false,
  },
};

/**
 * `npm start` (src/bin/dev.ts, one process) parsing a 300-page PDF with the model answering at
 * once, so the parse is bound by rendering and storing pages, while autocannon GETs one job at a
 * fixed rate: what rendering and the parse's activities cost the API's event loop. For comparison
 * the same reads with no parse running.
 */
async function readsDuringParse(infra: Infra): Promise<string> {
  const scratch = await mkdtemp(path.join(infra.tempDir, 'reads-'));
  await chmod(scratch, 0o755); // embedded Postgres runs as the postgres user and must get through
  const stack = await startDevStack({ dataDir: path.join(scratch, 'dev'), nodeArgs: workerNodeArgs() });
  try {
    stack.provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }) }));
    const put = await call(stack.url, 'PUT', '/v1/extractors/bench-reads', EXTRACTOR);
    if (put.status !== 201 && put.status !== 200) throw new Error(`PUT extractor answered ${put.status}`);
    const job = await expectStatus(call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-reads', text: 'Total 1' }), 201, 'POST job');
    await waitForJob(stack.url, `/v1/extraction-jobs/${job.id}`, 50);
    const target = `${stack.url}/v1/extraction-jobs/${job.id}`;
    const opts = { connections: 4, durationS: PARSE_READ_SECONDS, rate: PARSE_READ_RATE };
    log(`reads: GET at ${PARSE_READ_RATE} req/s for ${PARSE_READ_SECONDS} s, npm start, idle`);
    const idle = await autocannon(target, opts);

    stack.provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.' }));
    const fileId = await uploadBytes(stack.url, makeMixedPdf(PARSE_PAGES), `mixed-${PARSE_PAGES}.pdf`, 'application/pdf');
    stack.provider.reset();
    stack.provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.' }));
    const parse = await expectStatus(call(stack.url, 'POST', '/v1/parse-jobs', { file_id: fileId }), 201, 'POST /v1/parse-jobs');
    // Measure once pages are being rendered and sent.
    for (let i = 0; i < 1200 && stack.provider.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const before = stack.provider.requests.length;
    log(`reads: GET at ${PARSE_READ_RATE} req/s for ${PARSE_READ_SECONDS} s while a ${PARSE_PAGES}-page parse runs (npm start)`);
    const during = await autocannon(target, opts);
    const pagesDuring = stack.provider.requests.length - before;
    const status = (await call(stack.url, 'GET', `/v1/parse-jobs/${parse.id}`)).body.status;
    await call(stack.url, 'DELETE', `/v1/parse-jobs/${parse.id}`); // not needed any further
    for (const [label, r] of [['idle', idle], ['during parse', during]] as const) {
      if (r.errors || r.non2xx || r.timeouts) throw new Error(`reads ${label}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts`);
    }
    const rows = [
      ['no parse running', idle.requests.total, fmt(idle.latency.p50, 0), fmt(idle.latency.p99, 0), fmt(idle.latency.max, 0), ''],
      [`${PARSE_PAGES}-page parse running`, during.requests.total, fmt(during.latency.p50, 0), fmt(during.latency.p99, 0), fmt(during.latency.max, 0),
        `${pagesDuring} pages (${fmt(pagesDuring / PARSE_READ_SECONDS, 1)} pages/s); job ${status} at the end`],
    ];
    return [
      `### API GET while a ${PARSE_PAGES}-page parse runs in the same process (\`npm start\`)`,
      '',
      table(['while', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'pages sent to the model during the window'], rows),
      '',
      `autocannon (separate process), 4 connections at ${PARSE_READ_RATE} req/s in total for ${PARSE_READ_SECONDS} s, GET /v1/extraction-jobs/{id}, ` +
        '`src/bin/dev.ts` as one process (API, worker, render threads; embedded Postgres and the Temporal dev server as its children), ' +
        'the model answering at once, so the parse runs as fast as pages render. Started once the first page reached the model.',
    ].join('\n');
  } finally {
    await stack.close();
    await rm(scratch, { recursive: true, force: true }).catch(() => {});
  }
}

export async function readsBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the reads benchmark needs infrastructure');
  const duringParse = await readsDuringParse(infra);
  const stack = await startStack(infra);
  try {
    stack.provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }) }));
    await expectStatus(call(stack.url, 'PUT', '/v1/extractors/bench-reads', EXTRACTOR), 201, 'PUT extractor');
    log(`reads: creating ${JOBS} completed jobs`);
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const job = await expectStatus(
        call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-reads', text: `Document ${i}: total ${i}` }),
        201,
        'POST job',
      );
      ids.push(job.id);
    }
    await Promise.all(ids.map((id) => waitForJob(stack.url, `/v1/extraction-jobs/${id}`, 100)));

    const targets: Array<[string, string]> = [
      ['GET /v1/extraction-jobs/{id}', `/v1/extraction-jobs/${ids[JOBS >> 1]}`],
      ['GET /v1/extraction-jobs?limit=20', '/v1/extraction-jobs?limit=20'],
    ];
    const rows: Array<Array<string | number>> = [];
    for (const [label, target] of targets) {
      const probe = await call(stack.url, 'GET', target);
      if (probe.status !== 200) throw new Error(`${target} answered ${probe.status}`);
      log(`reads: ${label}, ${CONNECTIONS} connections, ${DURATION_S} s`);
      const r = await autocannon(stack.url + target);
      if (r.errors || r.non2xx || r.timeouts) {
        throw new Error(`${label}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts`);
      }
      rows.push([label, fmt(r.requests.average, 0), r.requests.total, fmt(r.latency.p50, 0), fmt(r.latency.p99, 0), fmt(r.latency.max, 0), fmt(JSON.stringify(probe.body).length / 1024, 1)]);
    }
    const body = [
      table(['request', 'req/s', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'body KiB'], rows),
      '',
      `autocannon (separate process), ${CONNECTIONS} keep-alive connections, ${DURATION_S} s per request, against the API process ` +
        `(LOG_LEVEL=info: one log line per request, as in production) on the same 2 cores as Postgres and autocannon itself. ` +
        `${JOBS} completed jobs in the table; the list returns one page of 20.`,
      '',
      duringParse,
    ].join('\n');
    return { title: 'API reads under load', body };
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url)) await runStandalone(readsBenchmark, { needsInfra: true });
