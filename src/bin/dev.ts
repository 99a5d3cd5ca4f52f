// `npm start`: the whole service on one machine with embedded defaults. Starts Postgres (unless
// DATABASE_URL is set) and the Temporal development server with its Web UI (unless
// TEMPORAL_ADDRESS is set), migrates and seeds, then runs the worker and the API in this process
// (the API in a thread of its own, runtime/api-thread.ts, so a busy worker does not delay its answers).
// Ctrl-C or SIGTERM stops everything in reverse order.
//
// Postgres and Temporal are supervised: one that exits unexpectedly is restarted on the same
// address with backoff; when that fails SUPERVISOR_GIVE_UP_EXIT_CODE ends the process. A watchdog
// process stops both should this process die without stopping them (SIGKILL of it or its group).
import path from 'node:path';
import { loadConfig, type Config } from '../config/index.js';
import { createLogger } from '../logging.js';
import { startApiThread } from '../runtime/api-thread.js';
import { startBanner } from '../runtime/banner.js';
import { migrateAndSeed } from '../runtime/database.js';
import { PortTakenError } from '../runtime/ports.js';
import { startEmbeddedPostgres } from '../runtime/embedded-postgres.js';
import { ShutdownStack } from '../runtime/shutdown.js';
import { TemporalCliError, ensureTemporalCli } from '../runtime/temporal-cli.js';
import { startTemporalDevServer } from '../runtime/temporal-dev-server.js';
import { supervise } from '../runtime/supervisor.js';
import { startWatchdog } from '../runtime/watchdog.js';
import { installTemporalRuntime } from '../runtime/temporal-runtime.js';
import { startWorker } from '../runtime/worker-process.js';
import { exitOnConfigError } from './exit.js';
import { onStopSignals } from './signals.js';

const EMBEDDED_DATABASE = 'docextract';
/** Exit code when a supervised server (Postgres, Temporal) exited and could not be restarted. */
const SUPERVISOR_GIVE_UP_EXIT_CODE = 3;

const config = exitOnConfigError(loadConfig);
const logger = createLogger(config.logLevel, 'dev');
const shutdown = new ShutdownStack(logger);
installTemporalRuntime(logger.child({ name: 'temporal-sdk' }));
// Before anything is spawned, so that every server we start is registered with it.
const watchdog = startWatchdog();

let stopping = false;
async function stopAll(code: number): Promise<never> {
  stopping = true;
  await shutdown.run();
  process.exit(code);
}
// One Ctrl-C reaches us more than once (the terminal's process group, npm's relay): its echoes are
// ignored; only a later, second one gives up waiting (exit hooks still kill the servers we started).
onStopSignals(['SIGINT', 'SIGTERM', 'SIGHUP'], {
  stop: (signal) => {
    if (stopping) return; // already stopping for another reason (start-up failed, a server gave up)
    logger.info({ signal }, 'shutting down');
    void stopAll(0);
  },
  ignored: (signal) => logger.info({ signal }, 'repeated signal ignored (already stopping)'),
  force: () => {
    console.error('Forced exit.');
    process.exit(130);
  },
});

try {
  await main();
} catch (err) {
  if (!stopping) {
    console.error(`Start-up failed: ${describe(err)}`);
    await stopAll(1);
  }
}

async function main(): Promise<void> {
  // Both in parallel; wait for both so that whatever did start is registered for shutdown.
  const [db, tp] = await Promise.allSettled([startDatabase(config), startTemporal(config)]);
  // Each server, from now on, is restarted when it exits unexpectedly.
  if (db.status === 'fulfilled') db.value.stop &&= db.value.supervise?.() ?? db.value.stop;
  if (tp.status === 'fulfilled') tp.value.stop &&= tp.value.supervise?.() ?? tp.value.stop;
  // Registered in a fixed order, so they stop in a fixed order: Temporal, then Postgres.
  if (db.status === 'fulfilled' && db.value.stop) shutdown.push('postgres', db.value.stop);
  if (tp.status === 'fulfilled' && tp.value.stop) shutdown.push('temporal', tp.value.stop);
  if (db.status === 'rejected') throw db.reason;
  if (tp.status === 'rejected') throw tp.reason;
  const databaseUrl = db.value.url;
  const temporal = tp.value;
  logger.info('applying migrations and seeds');
  await migrateAndSeed(databaseUrl, config);
  if (stopping) return;

  // Worker before API: a job accepted by the API finds someone to run it.
  // The API in this process shares the worker's key: a changed key is the whole service's (stored
  // keys to enter again: a warning), not a reason to refuse to start.
  const worker = await startWorker(config, { databaseUrl, temporalAddress: temporal.address, logger: logger.child({ name: 'worker' }), onKeyMismatch: 'warn' });
  shutdown.push('worker', worker.close);
  worker.done.catch((err: unknown) => {
    if (stopping) return;
    logger.error({ err }, 'worker failed; stopping');
    void stopAll(1);
  });
  if (stopping) return;
  const api = await startApiThread({ databaseUrl, temporalAddress: temporal.address, recoverJobs: true, checkProviders: true, retentionSchedule: true }, logger.child({ name: 'api' }));
  shutdown.push('api', api.close);
  api.failed.catch((err: unknown) => {
    if (stopping) return;
    logger.error({ err }, 'api failed; stopping');
    void stopAll(1);
  });

  console.log(
    startBanner({
      apiUrl: api.url,
      temporal: { ...temporal, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue, batchTaskQueue: config.temporal.batchTaskQueue },
      databaseUrl,
      ...(db.value.embedded ? { embeddedPostgres: db.value.embedded } : {}),
    }),
  );
}

/** DATABASE_URL when given; otherwise the embedded cluster in SERVICE_DATA_DIR and its database. */
interface Started {
  stop?: () => Promise<void>;
  /** Put the server under supervision; returns the stop function to use from then on. */
  supervise?: () => () => Promise<void>;
}

/** A supervised server that exhausted its restarts: say so clearly and exit non-zero. */
function giveUp(err: Error): void {
  if (stopping) return;
  logger.fatal({ err: err.message }, 'a supervised server could not be restarted; stopping');
  console.error(`npm start is stopping: ${err.message}`);
  void stopAll(SUPERVISOR_GIVE_UP_EXIT_CODE);
}

async function startDatabase(config: Config): Promise<{ url: string; embedded?: { dataDir: string; passwordFile: string } } & Started> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const dir = path.join(config.dataDir, 'postgres');
  logger.info({ dir }, 'starting embedded Postgres');
  const onLog = (line: string) => logger.debug({ postgres: line });
  const cluster = await startEmbeddedPostgres({ dir, pinnedPort: config.postgresPort, onLog, watchdog });
  try {
    await cluster.ensureDatabase(EMBEDDED_DATABASE);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  logger.info({ port: cluster.port, pid: cluster.pid }, 'embedded Postgres ready');
  const restart = async () => {
    // Same port: the API's and the worker's pools hold this address.
    const again = await startEmbeddedPostgres({ dir, port: cluster.port, onLog, watchdog });
    if (again.port !== cluster.port) {
      await again.stop();
      throw new Error(`port ${cluster.port} of the embedded Postgres is taken`);
    }
    return again;
  };
  return {
    url: cluster.url(EMBEDDED_DATABASE),
    embedded: { dataDir: dir, passwordFile: `${dir}.password` },
    stop: cluster.stop,
    supervise: () => {
      const supervisor = supervise(cluster, { name: 'postgres', restart, logger, onGiveUp: giveUp });
      return supervisor.stop;
    },
  };
}

/** TEMPORAL_ADDRESS when given; otherwise the Temporal dev server, persisted in SERVICE_DATA_DIR. */
async function startTemporal(config: Config): Promise<{ address: string; uiUrl?: string } & Started> {
  if (config.temporal.address) return { address: config.temporal.address };
  const cliPath = await ensureTemporalCli({ configuredPath: config.temporal.cliPath, log: (m) => logger.info(m) });
  logger.info({ cliPath }, 'starting the Temporal development server');
  const options = {
    cliPath,
    namespace: config.temporal.namespace,
    uiPort: config.temporal.uiPort,
    pinnedPort: config.temporal.port,
    dbFile: path.join(config.dataDir, 'temporal.db'),
    onLog: (line: string) => logger.debug({ temporal: line }),
    watchdog,
  };
  const server = await startTemporalDevServer(options);
  logger.info({ address: server.address, pid: server.pid }, 'Temporal development server ready');
  if (server.uiUrl && !server.uiUrl.endsWith(`:${config.temporal.uiPort}`)) {
    logger.warn({ uiUrl: server.uiUrl }, `TEMPORAL_UI_PORT ${config.temporal.uiPort} is taken; the Web UI uses another port`);
  }
  const port = Number(server.address.split(':').pop());
  const uiPort = server.uiUrl ? Number(server.uiUrl.split(':').pop()) : false;
  const restart = async () => {
    // Same address: the API's client and the worker reconnect to it; history is in the SQLite file.
    const again = await startTemporalDevServer({ ...options, port, uiPort });
    if (again.address !== server.address) {
      await again.stop();
      throw new Error(`port ${port} of the Temporal server is taken`);
    }
    return again;
  };
  return {
    ...server,
    supervise: () => {
      const supervisor = supervise(server, { name: 'temporal', restart, logger, onGiveUp: giveUp });
      return supervisor.stop;
    },
  };
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.code === 'EADDRINUSE') return `PORT: ${e.address ?? config.host}:${e.port ?? config.port} is already in use; set PORT to a free port`;
  if (err instanceof TemporalCliError || err instanceof PortTakenError) return err.message;
  return e?.stack ?? String(err);
}
