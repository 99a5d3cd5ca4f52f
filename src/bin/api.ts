// Production entry point of the API process. Needs DATABASE_URL and TEMPORAL_ADDRESS.
import { loadConfig, temporalAddress } from '../config/index.js';
import { createLogger } from '../logging.js';
import { startApi } from '../runtime/api-process.js';
import { exitOnConfigError } from './exit.js';
import { stopOnSignals } from './signals.js';

const config = exitOnConfigError(loadConfig);
if (!config.databaseUrl) {
  console.error('Invalid configuration:\n  DATABASE_URL: required for the api process (use `npm start` for embedded defaults)');
  process.exit(2);
}
const logger = createLogger(config.logLevel, 'api');
const api = await startApi(config, { databaseUrl: config.databaseUrl, temporalAddress: temporalAddress(config), logger, recoverJobs: true, checkProviders: true, retentionSchedule: true });
// SIGTERM: stop accepting, finish in-flight requests (SERVICE_SHUTDOWN_GRACE_MS at most), exit 0.
stopOnSignals(logger, api.close);
