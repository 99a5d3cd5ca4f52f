import type { Logger } from '../logging.js';

/**
 * Graceful stop of a production process: the first SIGTERM/SIGINT runs `stop` and exits 0 (1 when
 * stopping failed); a second signal while stopping exits at once, for an operator who gave up.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn({ signal }, 'second signal while stopping; exiting now');
        process.exit(130);
      }
      stopping = true;
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
    });
  }
}
