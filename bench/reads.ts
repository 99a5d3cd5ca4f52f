// API reads under load: GET of one extraction job and a list request (one page of 20), driven by
// autocannon in a separate process against the API process. `npm run bench:reads`.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { log, type Infra } from './lib/infra.js';
import { call, expectStatus, waitForJob } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { startStack } from './lib/services.js';
import { fmt, table, type Section } from './lib/stats.js';

const run = promisify(execFile);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const JOBS = 60;

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

export async function readsBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the reads benchmark needs infrastructure');
  const stack = await startStack(infra);
  try {
    stack.provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }) }));
    await expectStatus(
      call(stack.url, 'PUT', '/v1/extractors/bench-reads', {
        display_name: 'Bench reads',
        instructions: 'Extract the title and total.',
        model: 'bench-model',
        schema: {
          type: 'object',
          properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
          required: ['title', 'total'],
          additionalProperties: false,
        },
      }),
      201,
      'PUT extractor',
    );
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
    ].join('\n');
    return { title: 'API reads under load', body };
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url)) await runStandalone(readsBenchmark, { needsInfra: true });
