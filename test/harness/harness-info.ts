// What global setup hands to test files: written to a JSON file whose path travels in an
// environment variable, so it reaches test files whether Jest runs them in band or in workers.
import { readFileSync } from 'node:fs';

export const HARNESS_ENV = 'DOCEXTRACT_TEST_HARNESS';

export interface HarnessInfo {
  /** The fresh, migrated and seeded database of this Jest worker (see readHarnessInfo). */
  databaseUrl: string;
  /** One database per Jest worker, in worker order (JEST_WORKER_ID 1, 2, …). */
  workerDatabaseUrls: string[];
  /** The migrated, seeded database the workers' copies come from (`ownDatabase` stacks copy it too). */
  templateDatabaseUrl?: string;
  temporalAddress: string;
  temporalNamespace: string;
  /** File with the workflow bundle's code, built once per run (`workflowBundle: { codePath }`). */
  workflowBundlePath: string;
  /** Scratch folder of this run, removed by global teardown. */
  tempDir: string;
}

export function readHarnessInfo(): HarnessInfo {
  const file = process.env[HARNESS_ENV];
  if (!file) {
    throw new Error(`${HARNESS_ENV} is not set: run tests through \`npm test\` so that test/harness/global-setup.ts runs first`);
  }
  const info = JSON.parse(readFileSync(file, 'utf8')) as HarnessInfo;
  // Files running at the same time are in different Jest workers, so each gets its own database.
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  return { ...info, databaseUrl: info.workerDatabaseUrls[worker - 1] ?? info.workerDatabaseUrls[0]! };
}
