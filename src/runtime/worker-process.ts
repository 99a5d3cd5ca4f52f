import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import { closeOcr, closeRenderPool, configureRenderPool, describeUnreadable, setUnreadableTextSink } from '../documents/index.js';
import { createDb } from '../storage/db.js';
import { workspaceScopedDb } from '../storage/workspace-scope.js';
import { installWorkspaceGuard } from '../storage/workspace-guard.js';
import { createSecretBox } from '../storage/secrets.js';
import { InFlightActivities } from '../temporal/in-flight-activities.js';
import { createWorker } from '../temporal/worker.js';
import { workerPreflight } from './worker-preflight.js';
import { configureObjectStore, storageIdentity } from '../storage/object-store.js';
import { createObjectStore } from '../storage/s3-object-store.js';

/** How long a batch's workflow task waits on its worker's sticky queue before any worker may take it. */
const BATCH_STICKY_TIMEOUT_MS = 2_000;

/** How often a stopping worker says what it still waits for. */
const WAITING_LINE_EVERY_MS = 1_000;

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
  opts: {
    databaseUrl: string;
    temporalAddress: string;
    logger: Logger;
    workflowBundlePath?: string;
    /**
     * This process's secret key is not the API's (./worker-preflight.ts): `refuse` to start (a
     * worker run apart) or only `warn` (npm start, whose API shares its key). Default: refuse.
     */
    onKeyMismatch?: 'refuse' | 'warn';
  },
): Promise<RunningWorker> {
  // SERVICE_WORKER_IDENTITY names this worker in Temporal (pollers, activity attempts) and in its logs.
  const logger = config.workerIdentity ? opts.logger.child({ worker_identity: config.workerIdentity }) : opts.logger;
  configureRenderPool({
    threads: config.renderThreads,
    maxWasmBytes: config.renderThreadMaxMib * 1024 * 1024,
    niceness: config.renderNiceness,
    conversions: config.conversionConcurrency,
    // Once per process, when the native image codec cannot be loaded (pages are then encoded without it).
    warn: (message) => opts.logger.warn(message),
  });
  // A page a text reader could not read is answered with no text, and logged (documents/reader-log.ts).
  setUnreadableTextSink((r) => logger.warn({ reader: r.reader, page: r.page }, describeUnreadable(r)));
  // Where file bytes are read and written (SERVICE_STORAGE): Postgres, or the bucket.
  configureObjectStore(createObjectStore(config.storage));
  // Scoped as the API's: each activity runs as its workflow's workspace (activities/workspace-scope.ts).
  const db = workspaceScopedDb(createDb(opts.databaseUrl, config.databasePoolMax, logger));
  if (config.workspaceGuard) installWorkspaceGuard(db);
  // Interactive jobs and batches poll separate task queues, each with its own slots, in this one
  // process: a batch's items never wait in front of an interactive job (docs/batches.md).
  const queues: Array<{ taskQueue: string; maxConcurrentActivities?: number; stickyQueueScheduleToStartTimeoutMs?: number }> = [];
  if (config.workerQueues !== 'batch') queues.push({ taskQueue: config.temporal.taskQueue });
  // A batch's workflow task left on a dead worker's sticky queue goes to a live worker after 2 s,
  // not the SDK's 10 s: the batch's next slice does not wait for a worker that is gone.
  if (config.workerQueues !== 'interactive') queues.push({ taskQueue: config.temporal.batchTaskQueue, maxConcurrentActivities: config.batches.workerActivities, stickyQueueScheduleToStartTimeoutMs: BATCH_STICKY_TIMEOUT_MS });
  try {
    await workerPreflight(db, createSecretBox(config), {
      taskQueues: queues.map((q) => q.taskQueue),
      onMismatch: opts.onKeyMismatch ?? 'refuse',
      warn: (m) => logger.warn(m),
      storageIdentity: storageIdentity(config.storage),
    });
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const bundlePath = opts.workflowBundlePath ?? (process.env.WORKFLOW_BUNDLE_PATH || undefined);
  const workers: Awaited<ReturnType<typeof createWorker>>[] = [];
  // Aborted when the process begins to stop (a batch's slice then ends at its next beat); the
  // activities in flight are named while the stop waits for them.
  const stopping = new AbortController();
  const inFlight = new InFlightActivities();
  try {
    for (const queue of queues) {
      workers.push(
        await createWorker(
          { config, db, logger, shutdown: stopping.signal },
          {
            activityInterceptors: [inFlight.interceptor],
            address: opts.temporalAddress,
            namespace: config.temporal.namespace,
            ...queue,
            shutdownGraceMs: config.shutdownGraceMs,
            ...(config.workerIdentity ? { identity: config.workerIdentity } : {}),
            ...(bundlePath ? { bundle: { codePath: bundlePath } } : {}),
          },
        ),
      );
    }
  } catch (err) {
    await Promise.all(workers.map((w) => w.connection?.close()));
    await db.destroy();
    throw err;
  }
  const stopAll = () => {
    for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  const done = Promise.allSettled(
    workers.map((worker) => {
      const connection = worker.connection;
      // One queue's worker failed: stop the others too, so the process fails as a whole.
      return worker
        .run()
        .catch((err) => {
          stopAll();
          throw err;
        })
        .finally(() => connection?.close());
    }),
  ).then(async (outcomes) => {
    await db.destroy();
    await closeRenderPool();
    await closeOcr();
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  });
  logger.info({ taskQueue: config.temporal.taskQueue, taskQueues: queues.map((q) => q.taskQueue), identity: workers[0]?.options.identity }, 'worker polling');
  return {
    done,
    // Graceful: stop polling, let running activities finish within config.shutdownGraceMs (then
    // they are cancelled and their attempts retried elsewhere), then release the pool.
    async close() {
      if (workers.some((w) => w.getState() === 'RUNNING')) logger.info({ grace_ms: config.shutdownGraceMs, waiting_for: inFlight.list() }, 'worker stopping');
      stopping.abort();
      stopAll();
      // Say what the stop waits for, once a second, until it is done.
      const said = setInterval(() => {
        const waitingFor = inFlight.list();
        if (waitingFor.length > 0) logger.info({ waiting_for: waitingFor }, `worker stopping: waiting for ${waitingFor.length} activit${waitingFor.length === 1 ? 'y' : 'ies'} to end: ${waitingFor.join(', ')}`);
      }, WAITING_LINE_EVERY_MS);
      try {
        await done;
      } finally {
        clearInterval(said);
      }
    },
  };
}
