import pg from 'pg';
import { migrateLatest } from '../../db/migrate.js';
import { seedPrebuilt } from '../../db/seed.js';
import type { Config } from '../config/index.js';
import { createDb } from '../storage/db.js';

/** Bring the schema up to date and seed the prebuilt providers and definitions (idempotent). */
export async function migrateAndSeed(databaseUrl: string, config: Pick<Config, 'localModel'>): Promise<void> {
  const db = createDb(databaseUrl, 2);
  try {
    await migrateLatest(db);
    await seedPrebuilt(db, { localModel: config.localModel });
  } finally {
    await db.destroy();
  }
}

/** CREATE DATABASE unless it exists (pg has no IF NOT EXISTS for databases). */
export async function ensureDatabase(client: pg.Client, name: string): Promise<void> {
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (rowCount) return;
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // created concurrently
  }
}

/** DROP DATABASE, disconnecting remaining sessions (Postgres 13+; plain drop on older servers). */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const ident = client.escapeIdentifier(name);
  try {
    await client.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42601') throw err; // syntax error: server older than 13
    await client.query(`DROP DATABASE IF EXISTS ${ident}`);
  }
}

/** Run fn with a single connection to url, closed afterwards. */
export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The same server and credentials as url, another database. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
