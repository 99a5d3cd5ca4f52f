// Production entry point of the worker process. Needs DATABASE_URL and TEMPORAL_ADDRESS.
import { loadConfig, temporalAddress } from '../config/index.js';
import { createLogger } from '../logging.js';
import { startWorker } from '../runtime/worker-process.js';
import { exitOnConfigError } from './exit.js';

const config = exitOnConfigError(loadConfig);
if (!config.databaseUrl) {
  console.error('Invalid configuration:\n  DATABASE_URL: required for the worker process (use `npm start` for embedded defaults)');
  process.exit(2);
}
const logger = createLogger(config.logLevel, 'worker');
const worker = await startWorker(config, { databaseUrl: config.databaseUrl, temporalAddress: temporalAddress(config), logger });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void worker.close().then(() => process.exit(0)));
}
