// One service stack per test file, on the run's real Postgres and Temporal: the API on a free port,
// an in-process worker on a task queue of its own, a database handle and a Temporal client.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { loadConfig, type Config } from '../../src/config/index.js';
import { createLogger } from '../../src/logging.js';
import { startApi } from '../../src/runtime/api-process.js';
import { withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { hasExited, stopChild } from '../../src/runtime/process.js';
import { installTemporalRuntime } from '../../src/runtime/temporal-runtime.js';
import { startWorker, type RunningWorker } from '../../src/runtime/worker-process.js';
import { createDb } from '../../src/storage/db.js';
import { connectTemporalClient } from '../../src/temporal/client.js';
import { readHarnessInfo, type HarnessInfo } from './harness-info.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface TestStackOptions {
  /** Start an in-process worker right away (default true). */
  worker?: boolean;
  /**
   * The in-process worker polls the batch task queue too (default false): only a file that runs
   * batches needs it, and every other file is spared a second Temporal worker (its workflow
   * threads and pollers). A stack whose `env` sets SERVICE_WORKER_QUEUES gets what that says.
   * Worker processes (startWorkerProcess) poll both queues, as `npm run start:worker` does.
   */
  batches?: boolean;
  /** Configuration variables for this stack, applied over the harness's own. */
  env?: Record<string, string>;
  /**
   * A database of this stack's own, copied from the run's migrated template and dropped on close,
   * instead of the Jest worker's (which other files on the worker share): for a test that must see
   * only its own rows through an API that lists everything.
   */
  ownDatabase?: boolean;
}

export interface TestStack {
  /** API base URL (the app listens on 127.0.0.1, on a free port). */
  url: string;
  db: Knex;
  config: Config;
  temporal: Client;
  /** Unique to this stack; the API starts workflows on it and the stack's workers poll it. */
  taskQueue: string;
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  /** A worker in a child process (`src/bin/worker.ts`), e.g. to kill it mid-job. */
  startWorkerProcess(opts?: { env?: Record<string, string>; readyTimeoutMs?: number }): Promise<WorkerProcess>;
  close(): Promise<void>;
}

export interface WorkerProcess {
  pid: number;
  /** Settles when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM (graceful shutdown), SIGKILL after timeoutMs; resolves once it has exited. */
  stop(timeoutMs?: number): Promise<void>;
  /** The process's recent output, for failure messages. */
  output(): string;
}

const logLevel = () => process.env.TEST_LOG_LEVEL || 'silent';

export async function startTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const harness = readHarnessInfo();
  const own = opts.ownDatabase ? await copyTemplateDatabase(harness) : undefined;
  const env = stackEnv(harness, { ...(own ? { DATABASE_URL: own.url } : {}), ...opts.env });
  const config = loadConfig(env);
  const databaseUrl = config.databaseUrl!;
  const temporalAddress = config.temporal.address!;
  const logger = createLogger(config.logLevel, 'test');

  const cleanup: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => {});
  };
  if (own) cleanup.push(own.drop);
  let worker: RunningWorker | undefined;
  const children = new Set<ChildProcess>();

  const startStackWorker = async () => {
    if (worker) return;
    // Temporal SDK warnings stay visible even when the service's own logs are silenced. Installed
    // only with a worker: the SDK's native runtime holds the process open until its last worker or
    // native connection closes, and a stack without a worker (worker: false) would never close it;
    // that handle is what kept Jest from exiting (it had `forceExit`). Installed again after the
    // runtime shut down with a previous worker of this process.
    installTemporalRuntime(createLogger(process.env.TEST_LOG_LEVEL || 'warn', 'temporal-sdk'));
    const queues = opts.batches || env.SERVICE_WORKER_QUEUES ? config.workerQueues : 'interactive';
    worker = await startWorker({ ...config, workerQueues: queues }, { databaseUrl, temporalAddress, logger, workflowBundlePath: harness.workflowBundlePath });
  };
  const stopStackWorker = async () => {
    const running = worker;
    worker = undefined;
    await running?.close();
  };

  try {
    const db = createDb(databaseUrl, 5);
    cleanup.push(() => db.destroy());
    const temporal = await connectTemporalClient(temporalAddress, config.temporal.namespace);
    cleanup.push(() => temporal.connection.close());
    const api = await startApi(config, { databaseUrl, temporalAddress, logger, port: 0 });
    cleanup.push(() => api.close());
    cleanup.push(stopStackWorker);
    cleanup.push(async () => {
      await Promise.all([...children].map((child) => stopChild(child, { signal: 'SIGKILL' })));
    });
    if (opts.worker !== false) await startStackWorker();

    return {
      url: api.url,
      db,
      config,
      temporal,
      taskQueue: config.temporal.taskQueue,
      startWorker: startStackWorker,
      stopWorker: stopStackWorker,
      startWorkerProcess: async (more = {}) => {
        const handle = await spawnWorkerProcess(
          { ...env, ...more.env, LOG_LEVEL: 'info' },
          harness,
          (child) => {
            children.add(child);
            child.once('exit', () => children.delete(child));
          },
          more.readyTimeoutMs,
        );
        return handle;
      },
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

async function copyTemplateDatabase(harness: HarnessInfo): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = harness.templateDatabaseUrl;
  if (!template) throw new Error('ownDatabase: the harness has no template database (run the tests through Jest)');
  const templateName = new URL(template).pathname.slice(1);
  const name = `${templateName}_s${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = withDatabaseName(template, 'postgres');
  await withPgClient(admin, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(templateName)}`));
  return {
    url: withDatabaseName(template, name),
    drop: () => withPgClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Configuration of a stack: only the harness's values and the test's overrides, never the shell's. */
function stackEnv(harness: HarnessInfo, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: harness.databaseUrl,
    TEMPORAL_ADDRESS: harness.temporalAddress,
    TEMPORAL_NAMESPACE: harness.temporalNamespace,
    TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: logLevel(),
    // Per stack, so files written by the service (e.g. its secret key) never leak between files.
    SERVICE_DATA_DIR: path.join(harness.tempDir, `data-${randomUUID()}`),
    // Issue 48: any statement of a workspace's table without its workspace_id fails every test.
    SERVICE_WORKSPACE_GUARD: 'true',
    ...overrides,
  };
}

// Variables read by loadConfig, which the child must get from the stack and not from the shell.
const CONFIG_VARIABLE = /^(DATABASE_|TEMPORAL_|SERVICE_|HOST$|PORT$|LOG_LEVEL$)/;

async function spawnWorkerProcess(
  env: Record<string, string>,
  harness: HarnessInfo,
  track: (child: ChildProcess) => void,
  readyTimeoutMs = 30_000,
): Promise<WorkerProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CONFIG_VARIABLE.test(k)));
  // As `npm run start:worker` runs it, in this process (no wrapper): signals reach the worker itself.
  const child = spawn(process.execPath, [path.join('scripts', 'start-service.mjs'), path.join('src', 'bin', 'worker.ts')], {
    cwd: REPO_ROOT,
    env: { ...inherited, NODE_OPTIONS: '', ...env, WORKFLOW_BUNDLE_PATH: harness.workflowBundlePath },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  const lines: string[] = [];
  let resolveReady: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (line.includes('"msg":"worker polling"')) resolveReady();
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const output = () => lines.join('\n');

  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(() => 'ready' as const),
    exited.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), readyTimeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    await stopChild(child, { signal: 'SIGKILL' });
    throw new Error(`worker process did not start (${outcome}):\n${output()}`);
  }
  return {
    pid: child.pid!,
    exited,
    kill: (signal = 'SIGKILL') => {
      if (!hasExited(child)) child.kill(signal);
    },
    stop: (timeoutMs = 15_000) => stopChild(child, { signal: 'SIGTERM', timeoutMs }),
    output,
  };
}
