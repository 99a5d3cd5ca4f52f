// Production entry point of the API process. Needs DATABASE_URL and TEMPORAL_ADDRESS.
import { loadConfig, temporalAddress } from '../config/index.js';
import { createLogger } from '../logging.js';
import { startApi } from '../runtime/api-process.js';
import { exitOnConfigError } from './exit.js';

const config = exitOnConfigError(loadConfig);
if (!config.databaseUrl) {
  console.error('Invalid configuration:\n  DATABASE_URL: required for the api process (use `npm start` for embedded defaults)');
  process.exit(2);
}
const logger = createLogger(config.logLevel, 'api');
const api = await startApi(config, { databaseUrl: config.databaseUrl, temporalAddress: temporalAddress(config), logger });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void api.close().then(() => process.exit(0)));
}
