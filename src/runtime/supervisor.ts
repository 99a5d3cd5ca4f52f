// Keeps a local server that `npm start` runs (embedded Postgres, the Temporal dev server) running:
// when it exits without being asked to, it is started again on the same address, with backoff;
// every exit and restart is logged. When every attempt fails, onGiveUp decides (npm start exits
// non-zero so that a process manager can act).
import type { Logger } from '../logging.js';

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SupervisedServer {
  pid: number;
  /** Settles when the server process has exited, for whatever reason. */
  exited: Promise<ServerExit>;
  stop(): Promise<void>;
}

export interface SuperviseOptions<T extends SupervisedServer> {
  /** Names the server in log lines and messages, e.g. "postgres". */
  name: string;
  /** Start the server again, on the same address as before; rejects when it cannot. */
  restart: () => Promise<T>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Restart attempts after one exit before giving up (default 5). */
  maxAttempts?: number;
  /** Delay before the first attempt, doubled for each further one up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  onRestarted?: (server: T) => void;
  onGiveUp: (err: Error) => void;
}

export interface Supervisor<T extends SupervisedServer> {
  current(): T;
  /** Stop supervising and stop the server (waits for a restart in progress first). */
  stop(): Promise<void>;
}

export function describeExit(exit: ServerExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

export function supervise<T extends SupervisedServer>(first: T, opts: SuperviseOptions<T>): Supervisor<T> {
  const maxAttempts = opts.maxAttempts ?? 5;
  const initialDelayMs = opts.initialDelayMs ?? 1000;
  const maxDelayMs = opts.maxDelayMs ?? 30_000;
  const log = opts.logger;
  let current = first;
  let stopping = false;
  let wake: () => void = () => {};
  let restarting: Promise<unknown> = Promise.resolve();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function restartAfter(exit: ServerExit): Promise<boolean> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const delayMs = Math.min(initialDelayMs * 2 ** (attempt - 1), maxDelayMs);
      log.warn({ service: opts.name, attempt, max_attempts: maxAttempts, delay_ms: delayMs }, `restarting ${opts.name}`);
      await sleep(delayMs);
      if (stopping) return false;
      const attemptRun = opts.restart();
      restarting = attemptRun.catch(() => {});
      try {
        current = await attemptRun;
        log.info({ service: opts.name, attempt, pid: current.pid }, `${opts.name} restarted`);
        opts.onRestarted?.(current);
        return true;
      } catch (err) {
        lastError = err;
        log.error({ service: opts.name, attempt, error: (err as Error)?.message ?? String(err) }, `restarting ${opts.name} failed`);
      }
      if (stopping) return false;
    }
    opts.onGiveUp(
      new Error(
        `${opts.name} exited unexpectedly (${describeExit(exit)}) and could not be restarted in ${maxAttempts} attempts; ` +
          `last error: ${(lastError as Error)?.message ?? String(lastError)}`,
      ),
    );
    return false;
  }

  void (async () => {
    for (;;) {
      const exit = await current.exited;
      if (stopping) return;
      log.error(
        { service: opts.name, pid: current.pid, exit_code: exit.code, exit_signal: exit.signal },
        `${opts.name} exited unexpectedly (${describeExit(exit)})`,
      );
      if (!(await restartAfter(exit))) return;
      if (stopping) return; // stop() stops the one just started
    }
  })();

  return {
    current: () => current,
    async stop() {
      stopping = true;
      wake();
      await restarting;
      await new Promise((resolve) => setImmediate(resolve)); // let a finished restart become current
      await current.stop();
    },
  };
}
