// What the main thread and the API thread (api-thread.ts starts it, api-thread-main.ts runs in
// it) say to each other. Its own module, so that neither side imports the other.

export interface ApiThreadData {
  databaseUrl: string;
  temporalAddress: string;
  recoverJobs: boolean;
  /** Check the providers in use after listening (runtime/api-process.ts). */
  checkProviders?: boolean;
  /** Create or update the retention schedule (temporal/retention-schedule.ts). */
  retentionSchedule?: boolean;
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

/** Messages to the API thread. */
export type ToApiThread = { type: 'metrics'; id: number; metrics: unknown } | { type: 'close' };
