import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logging.js';

// Return BIGINT (int8) as a JS number: our sizes stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Knex;

export function createDb(databaseUrl: string, poolMax = 10, logger?: Logger): Db {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: poolMax },
    // Fail fast when the pool is exhausted or the server is down: the API answers 503 instead of hanging.
    acquireConnectionTimeout: 5000,
    // knex writes its own warnings with console.log; keep them in the service's JSON log instead.
    ...(logger ? { log: knexLog(logger.child({ component: 'knex' })) } : {}),
  });
}

function knexLog(logger: Logger): Knex.Logger {
  const text = (m: unknown) => (typeof m === 'string' ? m : m instanceof Error ? m.message : JSON.stringify(m));
  return {
    warn: (m) => logger.warn(text(m)),
    error: (m) => logger.error(text(m)),
    deprecate: (method, alternative) => logger.warn(`${method} is deprecated, use ${alternative}`),
    debug: (m) => logger.debug(text(m)),
  };
}
