// Real infrastructure for the whole test run: Postgres (DATABASE_URL, or an embedded cluster in a
// temp folder), Temporal (TEMPORAL_ADDRESS, or the dev server from the CLI, in memory), a fresh
// database migrated and seeded for this run, and the workflow code bundled once.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { ensureDatabase, migrateAndSeed, withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { startEmbeddedPostgres } from '../../src/runtime/embedded-postgres.js';
import { ensureTemporalCli } from '../../src/runtime/temporal-cli.js';
import { startTemporalDevServer } from '../../src/runtime/temporal-dev-server.js';
import { bundleWorkflows } from '../../src/temporal/worker.js';
import { HARNESS_ENV, type HarnessInfo } from './harness-info.js';
import { setRunState, type RunState } from './run-state.js';
import { tearDownRun } from './run-teardown.js';

export async function setUpRun(): Promise<void> {
  const started = Date.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'docextract-test-'));
  // mkdtemp makes it 0700; the embedded cluster runs as the `postgres` user and must get through.
  await chmod(tempDir, 0o755);
  const state: RunState = { tempDir, stops: [] };
  setRunState(state);
  try {
    const [postgres, temporal, workflowBundlePath] = await settleAll([
      startPostgres(state),
      startTemporal(state),
      writeBundle(tempDir),
    ] as const);

    const databaseName = `docextract_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await withPgClient(postgres.adminUrl, (client) => ensureDatabase(client, databaseName));
    state.databases = [{ adminUrl: postgres.adminUrl, name: databaseName }];
    const databaseUrl = withDatabaseName(postgres.adminUrl, databaseName);
    await migrateAndSeed(databaseUrl, loadConfig({}));
    // Each test file gets its own copy of this database (CREATE DATABASE … TEMPLATE) from the
    // integration project's environment (file-database-environment.cjs), so a file sees only its
    // own rows whichever files ran before it; the Temporal server is shared (each file has its own
    // task queue).
    const info: Omit<HarnessInfo, 'databaseUrl'> = { templateDatabaseUrl: databaseUrl, ...temporal, workflowBundlePath, tempDir };
    const infoFile = path.join(tempDir, 'harness.json');
    await writeFile(infoFile, JSON.stringify(info, null, 2), { mode: 0o600 });
    process.env[HARNESS_ENV] = infoFile;
    if (process.env.TEST_LOG_LEVEL) console.error(`\ntest harness ready in ${Date.now() - started} ms`);
  } catch (err) {
    await tearDownRun();
    throw err;
  }
}

async function startPostgres(state: RunState): Promise<{ adminUrl: string }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL };
  const cluster = await startEmbeddedPostgres({ dir: path.join(state.tempDir, 'postgres'), port: 0 });
  state.stops.push({ name: 'postgres', stop: cluster.stop });
  return { adminUrl: cluster.url('postgres') };
}

async function startTemporal(state: RunState): Promise<{ temporalAddress: string; temporalNamespace: string }> {
  const temporalNamespace = process.env.TEMPORAL_NAMESPACE || 'default';
  if (process.env.TEMPORAL_ADDRESS) return { temporalAddress: process.env.TEMPORAL_ADDRESS, temporalNamespace };
  const cliPath = await ensureTemporalCli({ configuredPath: process.env.TEMPORAL_CLI_PATH || undefined });
  const server = await startTemporalDevServer({ cliPath, namespace: temporalNamespace, port: 0, uiPort: false });
  state.stops.push({ name: 'temporal', stop: server.stop });
  return { temporalAddress: server.address, temporalNamespace };
}

async function writeBundle(tempDir: string): Promise<string> {
  const bundle = await bundleWorkflows();
  const file = path.join(tempDir, 'workflow-bundle.js');
  await writeFile(file, bundle.code);
  return file;
}

/** Like Promise.all, but waits for every task, so whatever started is known to teardown. */
async function settleAll<T extends readonly unknown[]>(
  tasks: { [K in keyof T]: Promise<T[K]> },
): Promise<T> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
