// One-off entry point: bring the schema up to date and seed the prebuilt providers and
// definitions, then exit. Idempotent; run it before starting a new version of api and workers
// (docker-compose runs it as the `migrate` service). Needs DATABASE_URL.
import { loadConfig } from '../config/index.js';
import { createLogger } from '../logging.js';
import { migrateAndSeed } from '../runtime/database.js';
import { exitOnConfigError } from './exit.js';

const config = exitOnConfigError(loadConfig);
if (!config.databaseUrl) {
  console.error('Invalid configuration:\n  DATABASE_URL: required for migrations');
  process.exit(2);
}
const logger = createLogger(config.logLevel, 'migrate');
try {
  await migrateAndSeed(config.databaseUrl, config);
  logger.info('schema up to date, prebuilt definitions seeded');
} catch (err) {
  logger.error({ err }, 'migration failed');
  process.exit(1);
}
