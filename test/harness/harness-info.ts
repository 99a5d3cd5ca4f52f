// What global setup hands to test files: written to a JSON file whose path travels in an
// environment variable, so it reaches test files whether Jest runs them in band or in workers.
import { readFileSync } from 'node:fs';

export const HARNESS_ENV = 'DOCEXTRACT_TEST_HARNESS';

export interface HarnessInfo {
  /** The fresh, migrated and seeded database of this test file (see readHarnessInfo). */
  databaseUrl: string;
  /** The migrated, seeded database each file's copy comes from (`ownDatabase` stacks copy it too). */
  templateDatabaseUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  /** File with the workflow bundle's code, built once per run (`workflowBundle: { codePath }`). */
  workflowBundlePath: string;
  /** Scratch folder of this run, removed by global teardown. */
  tempDir: string;
}

/** Set by the integration project's environment (test/harness/file-database-environment.cjs). */
export const FILE_DATABASE_ENV = 'DOCEXTRACT_TEST_FILE_DATABASE';

export function readHarnessInfo(): HarnessInfo {
  const file = process.env[HARNESS_ENV];
  if (!file) {
    throw new Error(`${HARNESS_ENV} is not set: run tests through \`npm test\` so that test/harness/global-setup.ts runs first`);
  }
  const info = JSON.parse(readFileSync(file, 'utf8')) as Omit<HarnessInfo, 'databaseUrl'>;
  // Each test file has a database of its own, copied from the template when the file starts.
  const databaseUrl = process.env[FILE_DATABASE_ENV];
  if (!databaseUrl) throw new Error(`${FILE_DATABASE_ENV} is not set: the integration project's testEnvironment (test/harness/file-database-environment.cjs) creates it`);
  return { ...info, databaseUrl };
}
