// Production entry point of the worker process. Needs DATABASE_URL and TEMPORAL_ADDRESS.
import { loadConfig, temporalAddress } from '../config/index.js';
import { createLogger } from '../logging.js';
import { startMetricsServer } from '../runtime/metrics-server.js';
import { installTemporalRuntime } from '../runtime/temporal-runtime.js';
import { WorkerPreflightError } from '../runtime/worker-preflight.js';
import { startWorker } from '../runtime/worker-process.js';
import { exitOnConfigError } from './exit.js';
import { stopOnSignals } from './signals.js';

const config = exitOnConfigError(loadConfig);
if (!config.databaseUrl) {
  console.error('Invalid configuration:\n  DATABASE_URL: required for the worker process (use `npm start` for embedded defaults)');
  process.exit(2);
}
const logger = createLogger(config.logLevel, 'worker');
// Before the first connection: SDK logs go to our JSON logs, and signals stay ours to handle.
installTemporalRuntime(logger.child({ name: 'temporal-sdk' }));
const worker = await startWorker(config, { databaseUrl: config.databaseUrl, temporalAddress: temporalAddress(config), logger }).catch((err: unknown) => {
  // A worker that cannot read the stored keys must not take jobs: say why, exit 1 (no stack trace).
  if (!(err instanceof WorkerPreflightError)) throw err;
  logger.fatal({ err: err.message }, 'worker refused to start');
  console.error(`Worker refused to start: ${err.message}`);
  process.exit(1);
});
// Apart from the API, the worker's metrics (jobs finished, model requests, rendering) are served
// here; under `npm start` the API's /metrics shows them, from the same process.
const metrics = config.metrics.workerPort === undefined ? undefined : await startMetricsServer(config, config.metrics.workerPort, logger);
// SIGTERM: stop polling, let running activities finish (SERVICE_SHUTDOWN_GRACE_MS at most; then
// they are cancelled and retried elsewhere), exit 0.
stopOnSignals(logger, async () => {
  await worker.close();
  await metrics?.close();
});
