import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import { createDb } from '../storage/db.js';
import { createWorker } from '../temporal/worker.js';

export interface RunningWorker {
  close(): Promise<void>;
}

/** Start a Temporal worker polling config.temporal.taskQueue; resolves once it is polling. */
export async function startWorker(
  config: Config,
  opts: { databaseUrl: string; temporalAddress: string; logger: Logger },
): Promise<RunningWorker> {
  const db = createDb(opts.databaseUrl, config.databasePoolMax);
  const worker = await createWorker(
    { config, db, logger: opts.logger },
    { address: opts.temporalAddress, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue },
  );
  const running = worker.run();
  opts.logger.info({ taskQueue: config.temporal.taskQueue }, 'worker polling');
  return {
    // Graceful: stop polling, let running activities finish (or hand them back), then release the pool.
    async close() {
      worker.shutdown();
      await running;
      await db.destroy();
    },
  };
}
