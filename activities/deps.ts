import type { Config } from '../src/config/index.js';
import type { Logger } from '../src/logging.js';
import type { Db } from '../src/storage/db.js';
import type { SecretBox } from '../src/storage/secrets.js';

/** What activities need from the outside world; built once per worker process. */
export interface ActivityDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Decrypts stored provider keys; built from config (SERVICE_SECRET_KEY or the key file) when absent. */
  secrets?: SecretBox;
  /**
   * Aborted when the worker process begins to stop: long activities (a batch's slice) end their
   * attempt at their next heartbeat instead of holding the stop for the shutdown grace.
   */
  shutdown?: AbortSignal;
}

export type ResolvedActivityDeps = Required<Omit<ActivityDeps, 'shutdown'>> & Pick<ActivityDeps, 'shutdown'>;
