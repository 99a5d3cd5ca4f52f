import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// Return BIGINT (int8) as a JS number: our sizes stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = Knex;

export function createDb(databaseUrl: string, poolMax = 10): Db {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: poolMax },
    // Fail fast when the pool is exhausted or the server is down: the API answers 503 instead of hanging.
    acquireConnectionTimeout: 5000,
  });
}
