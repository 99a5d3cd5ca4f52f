import type { Config } from '../src/config/index.js';
import type { Logger } from '../src/logging.js';
import type { Db } from '../src/storage/db.js';

/** What activities need from the outside world; built once per worker process. */
export interface ActivityDeps {
  config: Config;
  db: Db;
  logger: Logger;
}
