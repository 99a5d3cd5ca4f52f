// The API and the worker as child processes (`src/bin/api.ts`, `src/bin/worker.ts`), started the
// way production starts them, so timings include real IPC and memory can be read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/runtime/ports.js';
import { tunablesOfStartScript } from '../../src/runtime/malloc-tunables.js';
import { hasExited, stopChild } from '../../src/runtime/process.js';
import { startScriptedProvider, type ScriptedProvider } from '../../test/harness/scripted-provider.js';
import type { Infra } from './infra.js';
import { call, waitForJob } from './http.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Variables read by loadConfig: the child gets them from the benchmark, never from the shell.
const CONFIG_VARIABLE = /^(DATABASE_|TEMPORAL_|SERVICE_|HOST$|PORT$|LOG_LEVEL$)/;

export interface Service {
  kind: 'api' | 'worker';
  pid: number;
  /** Base URL (API only). */
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Environment shared by the API and the worker of one stack (same database, queue and key file). */
export function serviceEnv(infra: Infra, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: infra.databaseUrl,
    TEMPORAL_ADDRESS: infra.temporalAddress,
    TEMPORAL_NAMESPACE: infra.temporalNamespace,
    TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
    HOST: '127.0.0.1',
    PORT: '0',
    // The production default: per-request and per-job log lines are part of the measured cost,
    // and the ready lines we wait for are logged at info.
    LOG_LEVEL: 'info',
    SERVICE_DATA_DIR: path.join(infra.tempDir, 'data'),
    ...overrides,
  };
}

/** GLIBC_TUNABLES of `npm start` (dev) or `npm run start:api|start:worker` in the checkout at `root`. */
function startScriptTunables(root: string, kind: 'api' | 'worker' | 'dev'): string | undefined {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  return tunablesOfStartScript(scripts[kind === 'dev' ? 'start' : `start:${kind}`]);
}

export async function spawnService(
  kind: 'api' | 'worker' | 'dev',
  env: Record<string, string>,
  bundlePath: string | undefined,
  root = REPO_ROOT,
  nodeArgs: string[] = [],
): Promise<Service & { child: ChildProcess }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !CONFIG_VARIABLE.test(k) && k !== 'GLIBC_TUNABLES'));
  // The allocator settings the checkout's own start script sets (none in older releases).
  const tunables = startScriptTunables(root, kind);
  // As the checkout's start scripts run it: scripts/start-service.mjs where it has one, else (older
  // releases) node --import tsx. Never a wrapper process: the pid we sample is the service itself.
  const launcher = existsSync(path.join(root, 'scripts', 'start-service.mjs')) ? [path.join('scripts', 'start-service.mjs')] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...launcher, path.join('src', 'bin', `${kind}.ts`)], {
    cwd: root,
    env: { ...inherited, NODE_OPTIONS: '', ...(tunables ? { GLIBC_TUNABLES: tunables } : {}), ...env, ...(bundlePath ? { WORKFLOW_BUNDLE_PATH: bundlePath } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  let ready: ((url: string) => void) | undefined;
  const readyLine = kind === 'worker' ? '"msg":"worker polling"' : '"msg":"api listening"';
  const started = new Promise<string>((resolve) => (ready = resolve));
  let pending = ''; // output before the ready line, which may arrive split across chunks
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    // After start-up keep only a short tail, without per-line work in this (measuring) process.
    recent.push(text);
    if (recent.length > 50) recent.shift();
    if (!ready) return;
    pending += text;
    const line = pending.split('\n').find((l) => l.includes(readyLine) && l.trimEnd().endsWith('}'));
    if (!line) return;
    pending = '';
    ready(kind === 'worker' ? '' : (JSON.parse(line).url as string));
    ready = undefined;
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const output = () => recent.join('');
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    started,
    exited.then(() => 'exited' as const),
    // Long enough for a worker that bundles its workflows, or `npm start` starting Postgres, on a busy machine.
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 240_000))),
  ]);
  clearTimeout(timer);
  if (outcome === 'exited' || outcome === 'timeout') {
    await stopChild(child, { signal: 'SIGKILL' });
    throw new Error(`${kind} process did not start (${outcome}):\n${output().slice(-4000)}`);
  }
  return {
    child,
    kind: kind === 'dev' ? 'api' : kind,
    pid: child.pid!,
    url: outcome,
    stop: () => stopProcess(child),
    output,
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return stopChild(child, { signal: 'SIGTERM', timeoutMs: 15_000 });
}

export interface Stack {
  api: Service;
  worker: Service;
  provider: ScriptedProvider;
  url: string;
  close(): Promise<void>;
}

/** BENCH_WORKER_NODE_ARGS: node flags for the worker (or npm start) process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
export function workerNodeArgs(): string[] {
  return process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

/**
 * API + worker child processes on a task queue of their own, the scripted provider in this
 * process, and the compatible provider pointed at it.
 */
export async function startStack(
  infra: Infra,
  opts: { env?: Record<string, string>; provider?: ScriptedProvider; root?: string; bundlePath?: string | null } = {},
): Promise<Stack> {
  const env = serviceEnv(infra, opts.env);
  const provider = opts.provider ?? (await startScriptedProvider());
  // bundlePath null: the worker bundles its own workflows (another checkout's code).
  const bundle = opts.bundlePath === null ? undefined : (opts.bundlePath ?? infra.workflowBundlePath);
  const workerArgs = workerNodeArgs();
  const [worker, api] = await Promise.all([spawnService('worker', env, bundle, opts.root, workerArgs), spawnService('api', env, bundle, opts.root)]);
  const patched = await call(api.url, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl });
  if (patched.status !== 200) throw new Error(`PATCH provider answered ${patched.status}: ${JSON.stringify(patched.body)}`);
  return {
    api,
    worker,
    provider,
    url: api.url,
    async close() {
      await api.stop();
      await worker.stop();
      if (!opts.provider) await provider.close();
    },
  };
}

/** Current and peak resident set size of a process, in bytes, from /proc/<pid>/status. */
export function readRss(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Sample a process's RSS every intervalMs until stopped; reports the highest sample seen. */
export function sampleRss(pid: number, intervalMs = 25): { stop(): { peakSampled: number; hwm: number; samples: number } } {
  let peak = 0;
  let samples = 0;
  const tick = () => {
    try {
      peak = Math.max(peak, readRss(pid).rss);
      samples++;
    } catch {
      // The process ended; keep what we have.
    }
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      return { peakSampled: peak, hwm: readRss(pid).hwm, samples };
    },
  };
}

/**
 * The `npm start` configuration: one process (src/bin/dev.ts) with the API, the worker, embedded
 * Postgres and the Temporal dev server persisted in its data dir, started from `root` (this
 * checkout or the baseline's). `kill()` SIGKILLs the process and every server it started.
 */
export async function startDevStack(opts: {
  root?: string;
  dataDir: string;
  env?: Record<string, string>;
  provider?: ScriptedProvider;
  /** Extra node options for the process, e.g. --cpu-prof. */
  nodeArgs?: string[];
}): Promise<Stack & { dev: Service; kill(): Promise<void> }> {
  const provider = opts.provider ?? (await startScriptedProvider());
  const env = {
    HOST: '127.0.0.1',
    PORT: '0',
    TEMPORAL_UI_PORT: String(await freePort('127.0.0.1')),
    LOG_LEVEL: 'info',
    SERVICE_DATA_DIR: opts.dataDir,
    ...opts.env,
  };
  const dev = await spawnService('dev', env, undefined, opts.root, opts.nodeArgs);
  // With SERVICE_API_TOKENS (bench/batch.ts's workspaces need them), the first token is the operator's.
  const token = opts.env?.SERVICE_API_TOKENS?.split(',')[0]?.trim();
  const patched = await call(dev.url, 'PUT', '/v1/providers/compatible_api', { base_url: provider.baseUrl }, token ? { authorization: `Bearer ${token}` } : {});
  if (patched.status !== 200) throw new Error(`PUT provider answered ${patched.status}: ${JSON.stringify(patched.body)}`);
  const servers = () => {
    // Children of the dev process: the Temporal dev server (pid file) and the postmaster.
    const pids: number[] = [];
    for (const file of [path.join(opts.dataDir, 'temporal.db.pid'), path.join(opts.dataDir, 'postgres', 'postmaster.pid')]) {
      try {
        const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
        if (pid > 0) pids.push(pid);
      } catch {
        // not started, or already gone
      }
    }
    return pids;
  };
  return {
    api: dev,
    worker: dev,
    dev,
    provider,
    url: dev.url,
    async close() {
      await dev.stop();
      if (!opts.provider) await provider.close();
    },
    async kill() {
      const pids = [dev.pid, ...servers()];
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await new Promise<void>((resolve) => (hasExited(dev.child) ? resolve() : dev.child.once('exit', () => resolve())));
      // The postmaster's children exit on their own once it is gone; wait for them to let go of the port.
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
  };
}

/**
 * One short text extraction on a fresh stack before a measured job, as on a service that has run
 * before: a worker's first job also pays for one-time set-up (its workflow sandbox, database
 * connections, a schema compiled), which is not the cost being measured. Render threads are not
 * warmed: they start with the measured job, as they do after 30 s idle. Leaves the provider reset.
 */
export async function warmUpStack(url: string, provider: ScriptedProvider): Promise<void> {
  provider.reset();
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ ok: true }) }));
  const put = await call(url, 'PUT', '/v1/extractors/bench-warm-up', {
    display_name: 'Benchmark warm-up',
    instructions: 'Say ok.',
    model: 'bench-model',
    schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
  });
  if (put.status !== 201 && put.status !== 200) throw new Error(`PUT warm-up extractor answered ${put.status}: ${JSON.stringify(put.body)}`);
  const created = await call(url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-warm-up', text: 'Warm-up job of the benchmark.' });
  if (created.status !== 201) throw new Error(`POST warm-up job answered ${created.status}: ${JSON.stringify(created.body)}`);
  const job = await waitForJob(url, `/v1/extraction-jobs/${created.body.id}`, 20);
  if (job.status !== 'completed') throw new Error(`the warm-up job ended ${job.status}: ${JSON.stringify(job.error)}`);
  provider.reset();
}
