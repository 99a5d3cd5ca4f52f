// Where a job's time goes in the `npm start` configuration: runs text extraction jobs one at a
// time against `src/bin/dev.ts`, then reads each job's workflow history and reports the median
// time between its events (POST → workflow started → each workflow/activity task step →
// completed_at). `npx tsx bench/job-steps.ts` (BENCH_JOBS=N, default 30; BENCH_CONCURRENCY=N, default 1).
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { startScriptedProvider } from '../test/harness/scripted-provider.js';
import { between, call, expectStatus, waitForJob, waitForJobAsClientsDo } from './lib/http.js';
import { treeCpuSeconds } from './lib/cpu.js';
import { startDevStack } from './lib/services.js';
import { fmt, percentile, table } from './lib/stats.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 20);
/** BENCH_LONG_POLL=1: clients wait with `GET …?wait=60` as this project's clients do, instead of polling. */
const LONG_POLL = process.env.BENCH_LONG_POLL === '1';
const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['title', 'total'],
  additionalProperties: false,
};

function pidFrom(file: string): number {
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

const provider = await startScriptedProvider();
provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'Invoice 7', total: 12.5 }) }));
const scratch = await mkdtemp(path.join(os.tmpdir(), 'job-steps-'));
await chmod(scratch, 0o755);
const stack = await startDevStack({
  dataDir: path.join(scratch, 'dev'),
  provider,
  // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the npm start process
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
});
const address = /Temporal server\s+(\S+)/.exec(stack.dev.output())?.[1];
try {
  if (!address) throw new Error('no Temporal address in the output of npm start');
  await expectStatus(
    call(stack.url, 'PUT', '/v1/extractors/steps-invoice', { display_name: 'Steps', instructions: 'Extract.', model: 'm', schema: SCHEMA }),
    201,
    'PUT extractor',
  );
  const runJob = async () => {
    const t0 = Date.now();
    const created = await expectStatus(
      call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'steps-invoice', text: 'Invoice 7, total 12.50' }),
      201,
      'POST',
    );
    const t1 = Date.now();
    const jobPath = `/v1/extraction-jobs/${created.id}`;
    const job = await (LONG_POLL ? waitForJobAsClientsDo(stack.url, jobPath, POLL_MS, 60_000) : waitForJob(stack.url, jobPath, POLL_MS, 60_000));
    return { id: created.id as string, post: t1 - t0, createdAt: Date.parse(job.created_at), completedAt: Date.parse(job.completed_at), serverMs: between(job.created_at, job.completed_at) };
  };
  for (let i = 0; i < 10; i++) await runJob(); // warm-up
  const done: Awaited<ReturnType<typeof runJob>>[] = [];
  let next = 0;
  const temporalPid = pidFrom(path.join(scratch, 'dev', 'temporal.db.pid'));
  const postgresPid = pidFrom(path.join(scratch, 'dev', 'postgres', 'postmaster.pid'));
  // Each row counts its own processes only: npm start's row leaves out the servers it started, and
  // the bench's row (clients and the scripted model) leaves out npm start.
  const trees: Record<string, [number, number[]]> = {
    'npm start (node)': [stack.dev.pid, [temporalPid, postgresPid]],
    'temporal dev server': [temporalPid, []],
    postgres: [postgresPid, []],
    'this bench (clients, scripted model)': [process.pid, [stack.dev.pid]],
  };
  const cpuBefore = Object.fromEntries(Object.entries(trees).map(([k, [pid, without]]) => [k, 1000 * treeCpuSeconds(pid, without)]));
  const wall0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => { while (next++ < JOBS) done.push(await runJob()); }));
  const wall = performance.now() - wall0;
  const cpuRows = Object.entries(trees).map(([k, [pid, without]]) => {
    const ms = 1000 * treeCpuSeconds(pid, without) - cpuBefore[k]!;
    return [k, fmt(ms / JOBS, 1), `${fmt((100 * ms) / wall, 0)} %`];
  });
  console.log(`${JOBS} jobs, ${CONCURRENCY} at a time: ${fmt(JOBS / (wall / 1000), 1)} jobs/s; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  console.log(table(['process', 'CPU ms per job', 'CPU of one core'], cpuRows));

  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const steps = new Map<string, number[]>();
  const add = (name: string, ms: number) => (steps.get(name) ?? steps.set(name, []).get(name)!).push(ms);
  for (const job of done) {
    const history = await client.workflow.getHandle(job.id).fetchHistory();
    let previous = job.createdAt;
    const counts = new Map<string, number>();
    for (const e of history.events ?? []) {
      const at = Number(e.eventTime!.seconds) * 1000 + Math.round((e.eventTime!.nanos ?? 0) / 1e6);
      const type = String(e.eventType).replace(/^EVENT_TYPE_/, '');
      let label = type;
      if (e.activityTaskScheduledEventAttributes) label += ` ${e.activityTaskScheduledEventAttributes.activityType?.name}`;
      if (e.markerRecordedEventAttributes) label += ` ${e.markerRecordedEventAttributes.markerName}`;
      const n = (counts.get(label) ?? 0) + 1;
      counts.set(label, n);
      add(`${String(e.eventId).padStart(2, '0')} ${label}${n > 1 ? ` #${n}` : ''}`, at - previous);
      if (at <= job.completedAt || previous <= job.completedAt) {
        if (at > job.completedAt && previous <= job.completedAt) add(`zz completed_at is before this event by`, at - job.completedAt);
      }
      previous = at;
    }
    add('zz created_at → completed_at', job.serverMs);
    add('zz POST answered (client)', job.post);
  }
  await connection.close();
  const rows = [...steps.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, v]) => [name, v.length, fmt(percentile(v, 50), 1), fmt(percentile(v, 95), 1)]);
  console.log(table(['event (ms since the previous event; first: since created_at)', 'n', 'p50', 'p95'], rows));
} finally {
  await stack.close();
  await provider.close();
  await rm(scratch, { recursive: true, force: true }).catch(() => {});
}
