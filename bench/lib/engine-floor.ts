// The engine floor (issue 35): what the Temporal server and Postgres of one `npm start` allow on
// this machine when the service's own code does nothing. The benchmark starts a worker of its own
// in this process, on a task queue of its own, against that `npm start`'s Temporal dev server and
// embedded Postgres, and runs a no-op workflow (bench/lib/floor-workflow.ts: one local activity,
// one activity writing one row to a scratch table) N times with `concurrency` in flight.
// Throughput figures of the service are then reported as ratios of these workflows/s.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import pg from 'pg';
import { cpuSeconds, treeCpuSeconds } from './cpu.js';
import type { FloorActivities } from './floor-workflow.js';
import type { Stack, Service } from './services.js';

const FLOOR_WORKFLOWS_PATH = fileURLToPath(new URL('./floor-workflow.ts', import.meta.url));

/** The servers one `npm start` (src/bin/dev.ts) started, read from its banner and its data dir. */
export interface DevEngine {
  temporalAddress: string;
  namespace: string;
  /** The embedded Postgres, database `docextract` (the one the service uses). */
  databaseUrl: string;
  nodePid: number;
  temporalPid: number;
  postgresPid: number;
}

export async function devEngine(stack: Stack & { dev: Service }, dataDir: string): Promise<DevEngine> {
  // The banner is printed after the API is listening: it may come a moment after the stack is up.
  const deadline = Date.now() + 60_000;
  let banner: RegExpExecArray | null;
  while (!(banner = /Temporal server\s+(\S+)\s+namespace\s+([^,\s]+)/.exec(stack.dev.output()))) {
    if (Date.now() > deadline) throw new Error(`no Temporal address in the output of npm start:\n${stack.dev.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pidFile = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  return {
    temporalAddress: banner[1]!,
    namespace: banner[2]!,
    // postmaster.pid: pid, data dir, start time, port, …; the user and host of src/runtime/embedded-postgres.ts.
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(pidFile[3])}/docextract`,
    nodePid: stack.dev.pid,
    temporalPid: Number(readFileSync(path.join(dataDir, 'temporal.db.pid'), 'utf8').split('\n')[0]),
    postgresPid: Number(pidFile[0]),
  };
}

/** CPU seconds so far of each process of an `npm start` (each counted on its own) and of this benchmark. */
export interface CpuSnapshot {
  /** npm start's node process, every thread: API thread, worker, render threads. */
  node: number;
  temporal: number;
  postgres: number;
  /** This process: clients, the scripted model, and during the floor its worker. */
  bench: number;
}

export function cpuSnapshot(engine: DevEngine): CpuSnapshot {
  return {
    node: treeCpuSeconds(engine.nodePid, [engine.temporalPid, engine.postgresPid], { reaped: true }),
    temporal: treeCpuSeconds(engine.temporalPid, [], { reaped: true }),
    postgres: treeCpuSeconds(engine.postgresPid, [], { reaped: true }),
    bench: cpuSeconds(process.pid),
  };
}

export function cpuSince(before: CpuSnapshot, engine: DevEngine): CpuSnapshot {
  const now = cpuSnapshot(engine);
  return { node: now.node - before.node, temporal: now.temporal - before.temporal, postgres: now.postgres - before.postgres, bench: now.bench - before.bench };
}

export interface FloorFigures {
  workflows: number;
  concurrency: number;
  wallMs: number;
  perSecond: number;
  /** CPU seconds over the measured workflows, per process. */
  cpu: CpuSnapshot;
}

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;
let runtimeInstalled = false;

const quiet = { error: (m: string, meta?: unknown) => console.error(m, meta ?? ''), warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, log: () => {} };

/**
 * Run `workflows` no-op workflows (after `warmUp` of them) with `concurrency` in flight: each
 * client loop starts one and waits for its result, as a batch's window keeps its items in flight.
 */
export async function measureEngineFloor(engine: DevEngine, opts: { workflows: number; concurrency: number; warmUp?: number }): Promise<FloorFigures> {
  if (!runtimeInstalled) {
    runtimeInstalled = true;
    // Before the first connection; keeps the SDK's info lines off stdout (which carries the tables).
    Runtime.install({ logger: new DefaultLogger('WARN') });
  }
  bundle ??= bundleWorkflowCode({ workflowsPath: FLOOR_WORKFLOWS_PATH, logger: quiet });
  const id = randomBytes(4).toString('hex');
  const schema = `bench_floor_${id}`;
  const taskQueue = `bench-floor-${id}`;
  // The service's own pool size (DATABASE_POOL_MAX default).
  const pool = new pg.Pool({ connectionString: engine.databaseUrl, max: 10 });
  await pool.query(`CREATE SCHEMA ${schema}`);
  await pool.query(`CREATE TABLE ${schema}.floor_rows (id bigserial PRIMARY KEY, workflow_id text NOT NULL, n integer NOT NULL, written_at timestamptz NOT NULL DEFAULT now())`);
  const activities: FloorActivities = {
    floorLocal: async (n) => n,
    floorWrite: async (workflowId, n) => {
      await pool.query(`INSERT INTO ${schema}.floor_rows (workflow_id, n) VALUES ($1, $2)`, [workflowId, n]);
    },
  };
  const workerConnection = await NativeConnection.connect({ address: engine.temporalAddress });
  const clientConnection = await Connection.connect({ address: engine.temporalAddress });
  try {
    const client = new Client({ connection: clientConnection, namespace: engine.namespace });
    const worker = await Worker.create({
      connection: workerConnection,
      namespace: engine.namespace,
      taskQueue,
      workflowBundle: await bundle,
      activities,
      // As the service's workers (src/temporal/worker.ts); everything else at the SDK's defaults.
      maxConcurrentActivityTaskExecutions: 64,
    });
    return await worker.runUntil(async () => {
      const runAll = async (count: number, prefix: string) => {
        let next = 0;
        await Promise.all(
          Array.from({ length: opts.concurrency }, async () => {
            for (let i = next++; i < count; i = next++) {
              await client.workflow.execute('benchFloorWorkflow', { taskQueue, workflowId: `${prefix}-${i}`, args: [i] });
            }
          }),
        );
      };
      await runAll(opts.warmUp ?? 32, `${taskQueue}-warm-up`);
      const cpu0 = cpuSnapshot(engine);
      const t0 = performance.now();
      await runAll(opts.workflows, taskQueue);
      const wallMs = performance.now() - t0;
      const cpu = cpuSince(cpu0, engine);
      const written = Number((await pool.query(`SELECT count(*) AS n FROM ${schema}.floor_rows WHERE workflow_id NOT LIKE '%-warm-up-%'`)).rows[0].n);
      if (written !== opts.workflows) throw new Error(`engine floor: ${written} rows written for ${opts.workflows} workflows`);
      return { workflows: opts.workflows, concurrency: opts.concurrency, wallMs, perSecond: opts.workflows / (wallMs / 1000), cpu };
    });
  } finally {
    await clientConnection.close().catch(() => {});
    await workerConnection.close().catch(() => {});
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((err) => console.error('engine floor: dropping the scratch schema failed:', err));
    await pool.end();
  }
}

/** /proc/loadavg's 1, 5 and 15 minute figures. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
