import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import { closeRenderPool, configureRenderPool } from '../documents/index.js';
import { createDb } from '../storage/db.js';
import { createWorker } from '../temporal/worker.js';

export interface RunningWorker {
  /**
   * Settles when the worker stops: after close(), or rejects on a fatal worker error (left
   * unhandled, that rejection ends the process, so a supervisor can restart it).
   */
  done: Promise<void>;
  close(): Promise<void>;
}

/**
 * Start a Temporal worker polling config.temporal.taskQueue; resolves once it is polling.
 * A prebuilt workflow bundle (file with the bundle's code) is used when given, or when the
 * WORKFLOW_BUNDLE_PATH variable names one (tests bundle once and start many workers);
 * otherwise the workflows are bundled at start.
 */
export async function startWorker(
  config: Config,
  opts: { databaseUrl: string; temporalAddress: string; logger: Logger; workflowBundlePath?: string },
): Promise<RunningWorker> {
  configureRenderPool({ threads: config.renderThreads, maxWasmBytes: config.renderThreadMaxMib * 1024 * 1024, niceness: config.renderNiceness });
  const db = createDb(opts.databaseUrl, config.databasePoolMax, opts.logger);
  const bundlePath = opts.workflowBundlePath ?? (process.env.WORKFLOW_BUNDLE_PATH || undefined);
  let worker;
  try {
    worker = await createWorker(
      { config, db, logger: opts.logger },
      {
        address: opts.temporalAddress,
        namespace: config.temporal.namespace,
        taskQueue: config.temporal.taskQueue,
        shutdownGraceMs: config.shutdownGraceMs,
        ...(bundlePath ? { bundle: { codePath: bundlePath } } : {}),
      },
    );
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const connection = worker.connection;
  const done = worker.run().finally(async () => {
    await connection?.close();
    await db.destroy();
    await closeRenderPool();
  });
  opts.logger.info({ taskQueue: config.temporal.taskQueue }, 'worker polling');
  return {
    done,
    // Graceful: stop polling, let running activities finish within config.shutdownGraceMs (then
    // they are cancelled and their attempts retried elsewhere), then release the pool.
    async close() {
      if (worker.getState() === 'RUNNING') {
        opts.logger.info({ grace_ms: config.shutdownGraceMs }, 'worker stopping');
        worker.shutdown();
      }
      await done;
    },
  };
}
