// The Temporal development server (`temporal server start-dev`) as a managed child process.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { devServerSearchAttributeArgs } from '../temporal/search-attributes.js';
import { choosePort, freePort, preferredPort } from './ports.js';
import { collectOutput, hasExited, stopChild, waitUntil } from './process.js';
import type { ServerExit } from './supervisor.js';
import type { Watchdog } from './watchdog.js';

const HOST = '127.0.0.1';

export interface TemporalDevServerOptions {
  /** false: start without the job search attributes (a test's stand-in for an external server). */
  searchAttributes?: boolean;
  cliPath: string;
  namespace: string;
  /** Preferred frontend (gRPC) port; any free port is used when it is taken. Default 7233. */
  port?: number;
  /** A frontend port the operator pinned (TEMPORAL_PORT): used, or start-up fails with PortTakenError. */
  pinnedPort?: number;
  /** Web UI port (any free port when taken), or false for no UI. */
  uiPort?: number | false;
  /** SQLite file that keeps workflow history across restarts; in memory when absent. */
  dbFile?: string;
  onLog?: (line: string) => void;
  startTimeoutMs?: number;
  /** Stops the server should this process die without stopping it (npm start). */
  watchdog?: Watchdog;
}

export interface TemporalDevServer {
  /** host:port of the frontend, for clients and workers. */
  address: string;
  uiUrl?: string;
  /** The CLI process, leader of the server's process group. */
  pid: number;
  /** Settles when the server process has exited, asked to or not. */
  exited: Promise<ServerExit>;
  stop(): Promise<void>;
}

/** How often a start whose freshly chosen port another process took first is tried with new ports. */
const START_ATTEMPTS = 3;

export async function startTemporalDevServer(opts: TemporalDevServerOptions): Promise<TemporalDevServer> {
  const pidFile = opts.dbFile ? `${opts.dbFile}.pid` : undefined;
  // First, so that the ports it held are free again when we choose ours.
  if (opts.dbFile && pidFile) await stopOrphanedServer(pidFile, opts.dbFile);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts, pidFile);
    } catch (err) {
      // A port found free was bound by another process before the server bound it (its HTTP and
      // metrics ports are chosen here, and any port that was taken at the time): choose again. A
      // pinned port is checked before the start and fails with PortTakenError instead.
      if (attempt >= START_ATTEMPTS || !/address already in use/.test((err as Error).message)) throw err;
    }
  }
}

async function startOnce(opts: TemporalDevServerOptions, pidFile: string | undefined): Promise<TemporalDevServer> {
  const onLog = opts.onLog ?? (() => {});
  const port = await choosePort({ pinned: opts.pinnedPort, preferred: opts.port ?? 7233, server: 'Temporal server', setting: 'TEMPORAL_PORT' }, HOST);
  const uiPort = opts.uiPort === false ? undefined : await preferredPort(opts.uiPort ?? port + 1000, HOST);
  const args = ['server', 'start-dev', '--ip', HOST, '--port', String(port)];
  // "default" always exists; naming it again would be a duplicate registration.
  if (opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  // Pin the side ports too: left to the CLI they are random, but on all interfaces.
  args.push('--http-port', String(await freePort(HOST)), '--metrics-port', String(await freePort(HOST)));
  args.push('--log-format', 'json', '--log-level', 'warn');
  // The job search attributes (temporal/search-attributes.ts), so runs can be filtered from the start.
  if (opts.searchAttributes !== false) args.push(...devServerSearchAttributeArgs());
  // One partition per task queue (the server's default is four): with one worker process, a task
  // written to a partition none of its pollers waits on is only found after forwarding, which
  // costs milliseconds per task; a single partition hands every task straight to a waiting poll.
  for (const key of ['matching.numTaskqueueReadPartitions', 'matching.numTaskqueueWritePartitions']) {
    args.push('--dynamic-config-value', `${key}=1`);
  }
  // The history service reads its transfer queue (the tasks that hand workflow and activity tasks
  // to matching) at most 20 times a second by default; with a few jobs a second each hand-over
  // then waits up to 50 ms for the next read.
  args.push('--dynamic-config-value', 'history.transferProcessorMaxPollRPS=1000');
  // Eager activity dispatch: an activity a workflow task schedules on the worker's own task queue
  // comes back in the answer to that workflow task, instead of a trip through matching (the SDK
  // asks for it by default; the server's flag is off by default). One hand-over less per window,
  // page or single-window extraction.
  args.push('--dynamic-config-value', 'system.enableActivityEagerExecution=true');
  if (uiPort === undefined) args.push('--headless');
  else args.push('--ui-port', String(uiPort), '--ui-ip', HOST, '--ui-disable-news-fetch');
  if (opts.dbFile) {
    await mkdir(path.dirname(opts.dbFile), { recursive: true });
    args.push('--db-filename', opts.dbFile);
    // WAL with synchronous=normal: a commit is one append to the log instead of a rewrite and two
    // fsyncs of the main file (≈2× the jobs/s of the default rollback journal). Committed
    // transactions survive a process crash; only an OS crash or power cut may lose the last ones.
    args.push('--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal');
  }

  // Own process group: a terminal Ctrl-C reaches only our process, which stops workers first.
  const child = spawn(opts.cliPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const pid = child.pid;
  if (pid !== undefined && opts.watchdog) {
    opts.watchdog.watch(pid, 'TERM');
    void exited.then(() => opts.watchdog!.unwatch(pid));
  }
  const recent = collectOutput(child, onLog);
  let spawnFailure: Error | undefined;
  child.once('error', (err) => (spawnFailure = err));
  const onExit = () => !hasExited(child) && child.kill('SIGKILL');
  process.on('exit', onExit);

  if (pidFile && child.pid) await writeFile(pidFile, `${child.pid}\n`);
  const stop = async () => {
    process.off('exit', onExit);
    await stopChild(child, { signal: 'SIGTERM', timeoutMs: 10_000 });
    if (pidFile) await rm(pidFile, { force: true });
  };
  const address = `${HOST}:${port}`;
  try {
    await waitForFrontend(address, opts.namespace, opts.startTimeoutMs ?? 60_000, () => {
      if (spawnFailure) throw new Error(`cannot run ${opts.cliPath}: ${spawnFailure.message}`);
      if (hasExited(child)) {
        const how = child.signalCode ? `signal ${child.signalCode}` : `code ${child.exitCode}`;
        throw new Error(`temporal server exited during start-up (${how}):\n${recent.join('\n')}`);
      }
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { address, uiUrl: uiPort === undefined ? undefined : `http://${HOST}:${uiPort}`, pid: pid!, exited, stop };
}

/**
 * A server left running by an earlier run that was killed outright still holds the history file.
 * Stop it (only when its command line names that file, so a reused PID is left alone).
 */
async function stopOrphanedServer(pidFile: string, dbFile: string) {
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  const cmdline = Number.isInteger(pid) && pid > 0 ? await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '') : '';
  if (cmdline.includes('start-dev') && cmdline.includes(dbFile)) {
    process.kill(pid, 'SIGTERM');
    if (!(await waitUntil(() => !existsSync(`/proc/${pid}`), 15_000))) process.kill(pid, 'SIGKILL');
  }
  await rm(pidFile, { force: true });
}

/** Retry until the frontend answers and the namespace is registered (the dev server creates it). */
export async function waitForFrontend(
  address: string,
  namespace: string,
  timeoutMs: number,
  checkAlive: () => void = () => {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    checkAlive();
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.workflowService.describeNamespace({ namespace });
        return;
      } finally {
        await connection.close();
      }
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Temporal at ${address} was not ready within ${timeoutMs} ms: ${(lastError as Error)?.message}`);
}
