import type { Logger } from '../logging.js';

/**
 * One Ctrl-C often arrives more than once: the terminal signals the whole foreground process group
 * (npm, and this process) and npm relays what it got to its script, as a wrapper such as the tsx
 * CLI does too. A repeat within this time is that echo, not a user's second Ctrl-C, and is ignored;
 * only a stop signal after it forces an exit. Long enough for a relay on a loaded machine, short
 * enough that a user who pressed twice on purpose is still obeyed a moment later.
 */
export const SIGNAL_ECHO_MS = 1500;

export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

export interface StopSignalHandlers {
  /** The first stop signal: begin the orderly stop. */
  stop: (signal: StopSignal) => void;
  /** A further stop signal, later than the echo window: the user gives up waiting. */
  force: (signal: StopSignal) => void;
  /** A repeat inside the echo window (logged, otherwise ignored). */
  ignored?: (signal: StopSignal) => void;
}

/** Calls `stop` on the first of `signals`, ignores its echoes, and calls `force` on a later one. */
export function onStopSignals(
  signals: readonly StopSignal[],
  handlers: StopSignalHandlers,
  { echoMs = SIGNAL_ECHO_MS, now = () => Date.now() }: { echoMs?: number; now?: () => number } = {},
): (signal: StopSignal) => void {
  let firstAt: number | undefined;
  const handle = (signal: StopSignal) => {
    if (firstAt === undefined) {
      firstAt = now();
      handlers.stop(signal);
    } else if (now() - firstAt < echoMs) {
      handlers.ignored?.(signal);
    } else {
      handlers.force(signal);
    }
  };
  for (const signal of signals) process.on(signal, handle);
  return handle;
}

/**
 * Graceful stop of a production process: the first SIGTERM/SIGINT runs `stop` and exits 0 (1 when
 * stopping failed); a second signal while stopping (after the echo window) exits at once, for an
 * operator who gave up.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  onStopSignals(['SIGINT', 'SIGTERM'], {
    stop: (signal) => {
      logger.info({ signal }, 'shutting down');
      stop().then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    },
    ignored: (signal) => logger.info({ signal }, 'repeated signal ignored (already stopping)'),
    force: (signal) => {
      logger.warn({ signal }, 'second signal while stopping; exiting now');
      process.exit(130);
    },
  });
}
