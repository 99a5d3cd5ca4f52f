// `npm start` runs the API in a worker thread of its own, beside the Temporal worker on the main
// thread: rendering results, model answers and workflow tasks keep the worker's event loop busy in
// bursts (tens of ms during a long parse), and an API request waiting behind them would wait that
// long. In its own thread the API answers from its own event loop; it is still one process.
//
// The thread runs startApi (runtime/api-process.ts) and talks to this side in a few messages:
// its URL once listening, a fatal error, scrapes of this thread's metrics (so /metrics still shows
// the whole process), and close.
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logging.js';
import { metricsSnapshot } from '../metrics/index.js';

export interface ApiThreadData {
  databaseUrl: string;
  temporalAddress: string;
  recoverJobs: boolean;
  /** Check the providers in use after listening (runtime/api-process.ts). */
  checkProviders?: boolean;
}

/** Messages from the API thread. */
export type FromApiThread =
  | { type: 'listening'; url: string }
  | { type: 'failed'; error: ThreadError }
  | { type: 'metrics'; id: number }
  | { type: 'closed' };

/** An error as it crosses threads: its message and stack, and the fields of a system error (EADDRINUSE). */
export interface ThreadError {
  message: string;
  stack?: string;
  code?: string;
  address?: string;
  port?: number;
}

/** An error's fields that cross threads (an Error's own properties do not survive structured cloning). */
export function toThreadError(err: unknown): ThreadError {
  const e = (err instanceof Error ? err : new Error(String(err))) as NodeJS.ErrnoException & { address?: string; port?: number };
  return { message: e.message, stack: e.stack, code: e.code, address: e.address, port: e.port };
}

function fromThreadError(t: ThreadError): Error {
  const err = Object.assign(new Error(t.message), { code: t.code, address: t.address, port: t.port });
  if (t.stack) err.stack = t.stack;
  return err;
}

/** Messages to the API thread. */
export type ToApiThread = { type: 'metrics'; id: number; metrics: unknown } | { type: 'close' };

export interface RunningApiThread {
  url: string;
  /** Rejects when the thread fails after start-up (an uncaught error in it); never resolves otherwise. */
  failed: Promise<never>;
  close(): Promise<void>;
}

/** Start the API in a worker thread; resolves once it listens. */
export async function startApiThread(data: ApiThreadData, logger: Logger): Promise<RunningApiThread> {
  // The entry registers tsx in the thread, so it loads the TypeScript of the API itself.
  const thread = new Worker(new URL('./api-thread.mjs', import.meta.url), { workerData: data });
  let closing = false;
  let listening = false;
  let onClosed: (() => void) | undefined;
  let failLater: (err: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => (failLater = reject));
  failed.catch(() => {}); // observed by whoever awaits it; not an unhandled rejection by itself

  const url = await new Promise<string>((resolve, reject) => {
    // Before it listens, a failure is start-up's; after, it is the running service's.
    const fail = (err: Error) => (listening ? failLater(err) : reject(err));
    thread.on('message', (message: FromApiThread) => {
      if (message.type === 'listening') {
        listening = true;
        resolve(message.url);
      } else if (message.type === 'failed') {
        fail(fromThreadError(message.error));
      } else if (message.type === 'metrics') {
        void metricsSnapshot().then((metrics) => thread.postMessage({ type: 'metrics', id: message.id, metrics } satisfies ToApiThread));
      } else if (message.type === 'closed') {
        onClosed?.();
      }
    });
    thread.on('error', (err) => fail(err));
    thread.on('exit', (code) => {
      if (!closing) fail(new Error(`the API thread exited (code ${code})`));
    });
  });

  return {
    url,
    failed,
    async close() {
      if (closing) return;
      closing = true;
      const closed = new Promise<void>((resolve) => (onClosed = resolve));
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ type: 'close' } satisfies ToApiThread);
      // The thread drains its connections (SERVICE_SHUTDOWN_GRACE_MS at most) before it says so.
      await Promise.race([closed, exited, failed.catch(() => {})]);
      logger.debug('api thread closed');
      await thread.terminate();
    },
  };
}
