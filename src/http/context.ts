import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import type { Db } from '../storage/db.js';
import type { JobEvents } from '../storage/job-events.js';

/** What the HTTP layer needs from the outside world; built once per process (or per test). */
export interface AppDeps {
  config: Config;
  db: Db;
  temporal: Client;
  logger: Logger;
  /** Job change notifications (one LISTEN connection per process), for `?wait=` and `/events`. */
  jobEvents?: JobEvents;
}
