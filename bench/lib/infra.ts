// The shared infrastructure of a benchmark run: Postgres (DATABASE_URL, else embedded), the
// Temporal dev server, a fresh migrated and seeded database, and the workflow bundle. It is the
// test harness's own global setup (test/harness/run-setup.ts), which has no Jest dependency, so
// benchmarks measure exactly the stack the tests run against.
import { readFileSync } from 'node:fs';
import { withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { FILE_DATABASE_ENV, HARNESS_ENV, readHarnessInfo, type HarnessInfo } from '../../test/harness/harness-info.js';
import { setUpRun } from '../../test/harness/run-setup.js';
import { tearDownRun } from '../../test/harness/run-teardown.js';

export interface Infra extends HarnessInfo {
  close(): Promise<void>;
}

export async function startInfra(): Promise<Infra> {
  const started = performance.now();
  await setUpRun();
  // What a test file gets from its Jest environment: a copy of the migrated template of its own
  // (dropped with the template by tearDownRun).
  const { templateDatabaseUrl } = JSON.parse(readFileSync(process.env[HARNESS_ENV]!, 'utf8')) as { templateDatabaseUrl: string };
  const template = new URL(templateDatabaseUrl).pathname.slice(1);
  await withPgClient(withDatabaseName(templateDatabaseUrl, 'postgres'), (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(`${template}_bench`)} TEMPLATE ${client.escapeIdentifier(template)}`),
  );
  process.env[FILE_DATABASE_ENV] = withDatabaseName(templateDatabaseUrl, `${template}_bench`);
  const info = readHarnessInfo();
  log(`infrastructure ready in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
    `(Postgres: ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'}, Temporal dev server at ${info.temporalAddress})`);
  return { ...info, close: tearDownRun };
}

/** Progress lines go to stderr, so stdout carries only the result tables. */
export function log(message: string): void {
  console.error(`[bench] ${message}`);
}
