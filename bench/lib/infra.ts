// The shared infrastructure of a benchmark run: Postgres (DATABASE_URL, else embedded), the
// Temporal dev server, a fresh migrated and seeded database, and the workflow bundle. It is the
// test harness's own global setup (test/harness/run-setup.ts), which has no Jest dependency, so
// benchmarks measure exactly the stack the tests run against.
import { readHarnessInfo, type HarnessInfo } from '../../test/harness/harness-info.js';
import { setUpRun } from '../../test/harness/run-setup.js';
import { tearDownRun } from '../../test/harness/run-teardown.js';

export interface Infra extends HarnessInfo {
  close(): Promise<void>;
}

export async function startInfra(): Promise<Infra> {
  const started = performance.now();
  await setUpRun();
  const info = readHarnessInfo();
  log(`infrastructure ready in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
    `(Postgres: ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded'}, Temporal dev server at ${info.temporalAddress})`);
  return { ...info, close: tearDownRun };
}

/** Progress lines go to stderr, so stdout carries only the result tables. */
export function log(message: string): void {
  console.error(`[bench] ${message}`);
}
