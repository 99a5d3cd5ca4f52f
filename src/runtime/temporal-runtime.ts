import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from '../logging.js';

/**
 * Configure the Temporal SDK runtime of this process:
 * - its own logs (worker state, bundler output) go to our logger; below debug only warnings and
 *   errors, since at info level the bundler prints webpack statistics;
 * - it does not react to SIGINT/SIGTERM itself: the process owner stops things in its own order
 *   (API first, then workers, then the servers they use).
 * Must run before the first worker or native connection is created; later calls are no-ops.
 */
export function installTemporalRuntime(logger: Logger): void {
  const verbose = logger.level === 'debug' || logger.level === 'trace';
  const level: LogLevel = verbose ? (logger.level.toUpperCase() as LogLevel) : 'WARN';
  try {
    Runtime.install({
      shutdownSignals: [],
      logger: new DefaultLogger(level, ({ level, message, meta }) => {
        const method = level.toLowerCase() as 'trace' | 'debug' | 'info' | 'warn' | 'error';
        logger[method]({ temporal: meta }, message);
      }),
    });
  } catch {
    // Already installed in this process (e.g. several test stacks): keep the first one.
  }
}
