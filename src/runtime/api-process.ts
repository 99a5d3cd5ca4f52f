import type { Server } from 'node:http';
import type { Config } from '../config/index.js';
import { closeOcr, closeRenderPool, configureRenderPool, describeUnreadable, setUnreadableTextSink } from '../documents/index.js';
import { createApp } from '../http/app.js';
import type { Logger } from '../logging.js';
import { createDb } from '../storage/db.js';
import { JobEvents } from '../storage/job-events.js';
import { connectTemporalClient } from '../temporal/client.js';
import { restartOrphanedJobs } from '../domain/job-recovery.js';
import { registerSearchAttributes } from '../temporal/search-attribute-registry.js';
import { checkProvidersAtStart } from '../domain/provider-status.js';
import { createSecretBox } from '../storage/secrets.js';
import { ensureRetentionSchedule } from '../temporal/retention-schedule.js';
import { ensureStorageSweepSchedule } from '../temporal/storage-sweep-schedule.js';
import { recordApiKeyCheck, recordApiStorage } from './worker-preflight.js';
import { configureObjectStore, storageIdentity } from '../storage/object-store.js';
import { createObjectStore } from '../storage/s3-object-store.js';

export interface RunningApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Start the API: database pool, Temporal client, Koa app listening on config.host:config.port. */
export async function startApi(
  config: Config,
  opts: {
    databaseUrl: string;
    temporalAddress: string;
    logger: Logger;
    port?: number;
    /**
     * Before listening, start the workflow of every active job Temporal has lost
     * (domain/job-recovery.ts). The service's entry points do; tests sharing one database don't.
     */
    recoverJobs?: boolean;
    /**
     * After listening, check every provider a definition uses and log a line for each that does not
     * answer (domain/provider-status.ts). The service's entry points do; tests opt in.
     */
    checkProviders?: boolean;
    /**
     * Create the retention schedule, or bring it in line with this configuration
     * (temporal/retention-schedule.ts). The service's entry points do; tests opt in.
     */
    retentionSchedule?: boolean;
  },
): Promise<RunningApi> {
  // Page images (GET /v1/files/{id}/pages/{n}) render in a pool of this process (under npm start, of
  // the API thread: one thread beside the worker's pool; see runtime/api-thread-main.ts).
  configureRenderPool({
    threads: config.renderThreads,
    maxWasmBytes: config.renderThreadMaxMib * 1024 * 1024,
    niceness: config.renderNiceness,
    conversions: config.conversionConcurrency,
    // Once per process, when the native image codec cannot be loaded (pages are then encoded without it).
    warn: (message) => opts.logger.warn(message),
  });
  // A page a text reader could not read is answered with no text, and logged (documents/reader-log.ts).
  setUnreadableTextSink((r) => opts.logger.warn({ reader: r.reader, page: r.page }, describeUnreadable(r)));
  const db = createDb(opts.databaseUrl, config.databasePoolMax, opts.logger);
  const temporal = await connectTemporalClient(opts.temporalAddress, config.temporal.namespace);
  // The dev server `npm start` runs has them from its command line; an external server may not.
  await registerSearchAttributes(temporal, config.temporal.namespace, opts.logger);
  configureObjectStore(createObjectStore(config.storage));
  // Where this API stores file bytes, for workers polling its queues to compare theirs with.
  await recordApiStorage(db, storageIdentity(config.storage), [config.temporal.taskQueue, config.temporal.batchTaskQueue]).catch((err: unknown) =>
    opts.logger.warn({ err }, 'could not record the storage check; workers cannot tell whether their SERVICE_STORAGE is this one'),
  );
  // The proof of this API's secret key, for workers polling its queues to check theirs against.
  await recordApiKeyCheck(db, createSecretBox(config), [config.temporal.taskQueue, config.temporal.batchTaskQueue]).catch((err: unknown) =>
    opts.logger.warn({ err }, 'could not record the secret key check; workers cannot tell whether their SERVICE_SECRET_KEY is this one'),
  );
  if (opts.retentionSchedule) {
    await ensureRetentionSchedule(temporal, config, opts.logger).catch((err: unknown) =>
      opts.logger.warn({ err }, 'could not create the retention schedule; nothing is deleted until it exists (it is created at the next start)'),
    );
  }
  if (opts.retentionSchedule && config.storage.kind === 's3') {
    await ensureStorageSweepSchedule(temporal, config, opts.logger).catch((err: unknown) =>
      opts.logger.warn({ err }, 'could not create the orphan sweep schedule; orphan objects stay until it exists (it is created at the next start)'),
    );
  }
  if (opts.recoverJobs) {
    // Before listening, so no request of this process is between writing a job and starting it.
    await restartOrphanedJobs(db, temporal, config, opts.logger).then(
      (r) => opts.logger.info({ checked: r.checked, restarted: r.restarted.length }, 'active jobs checked against Temporal'),
      // Temporal unreachable: the API still starts (job creation answers 503 meanwhile).
      (err: unknown) => opts.logger.error({ err }, 'could not check active jobs against Temporal; jobs it lost restart at the next start'),
    );
  }
  const jobEvents = new JobEvents(opts.databaseUrl, opts.logger);
  const app = createApp({ config, db, temporal, logger: opts.logger, jobEvents });
  const server = app.listen(opts.port ?? config.port, config.host);
  // Idle keep-alive connections stay open longer than clients keep theirs (undici and most HTTP
  // clients and proxies: 4–60 s), so a client never sends a request on a connection the server is
  // closing at that moment, which the client sees as ECONNRESET. headersTimeout must exceed it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  opts.logger.info({ url }, 'api listening');
  if (opts.checkProviders) {
    // Not awaited: the API serves at once; the lines follow within the check's deadline.
    void checkProvidersAtStart({ db, secrets: createSecretBox(config), config }, opts.logger).catch((err: unknown) =>
      opts.logger.warn({ err }, 'could not check the providers at start-up'),
    );
  }
  return {
    url,
    server,
    // Stop accepting, let in-flight requests finish (up to config.shutdownGraceMs), then release
    // the pool and the connection.
    async close() {
      // Long-polls answer with the job as it is and event streams end, so they do not hold the drain.
      jobEvents.shutdown();
      await drain(server, config.shutdownGraceMs, opts.logger);
      await jobEvents.close();
      await temporal.connection.close();
      await db.destroy();
      await closeRenderPool();
      await closeOcr();
    },
  };
}

/**
 * server.close() stops accepting and waits for open connections. Keep-alive connections would hold
 * it open after their last response, so idle ones are closed as they appear; connections still busy
 * when the grace period ends are cut.
 */
async function drain(server: Server, graceMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    logger.warn({ grace_ms: graceMs }, 'shutdown grace period over; closing the remaining connections');
    server.closeAllConnections();
  }, graceMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
