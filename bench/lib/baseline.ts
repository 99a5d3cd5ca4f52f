// The previous release, measured in the same run as this checkout: a detached git worktree of
// BENCH_BASELINE (default 2cf4945, release 0.3) in a temp folder, sharing this checkout's
// node_modules and .tools, with a database of its own migrated by its own code.
import { execFile } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ensureDatabase, withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { log } from './infra.js';
import { REPO_ROOT } from './services.js';

const run = promisify(execFile);
export const BASELINE_COMMIT = process.env.BENCH_BASELINE || '2cf4945';

export interface Baseline {
  commit: string;
  root: string;
  /** Creates a database and applies the baseline's own migrations and seeds to it. */
  database(adminUrl: string): Promise<string>;
  close(): Promise<void>;
}

/** `ref`: another commit than BENCH_BASELINE's (the batch benchmark's BENCH_BATCH_BASELINE). */
export async function prepareBaseline(ref = BASELINE_COMMIT): Promise<Baseline> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docextract-baseline-'));
  await rm(root, { recursive: true });
  await run('git', ['worktree', 'add', '--detach', root, ref], { cwd: REPO_ROOT });
  const commit = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })).stdout.trim();
  symlinkSync(realpathSync(path.join(REPO_ROOT, 'node_modules')), path.join(root, 'node_modules'));
  if (existsSync(path.join(REPO_ROOT, '.tools'))) symlinkSync(realpathSync(path.join(REPO_ROOT, '.tools')), path.join(root, '.tools'));
  log(`baseline ${commit} checked out in ${root}`);
  const databases: Array<{ adminUrl: string; name: string }> = [];
  return {
    commit,
    root,
    async database(adminUrl) {
      const name = `docextract_bench_base_${randomBytes(4).toString('hex')}`;
      await withPgClient(adminUrl, (client) => ensureDatabase(client, name));
      databases.push({ adminUrl, name });
      const url = withDatabaseName(adminUrl, name);
      await run(process.execPath, ['--import', 'tsx', 'src/bin/migrate.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: url, LOG_LEVEL: 'warn', SERVICE_DATA_DIR: path.join(root, '.data') },
      });
      return url;
    },
    async close() {
      for (const db of databases) {
        await withPgClient(db.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`)).catch(() => {});
      }
      await run('git', ['worktree', 'remove', '--force', root], { cwd: REPO_ROOT }).catch(() => rm(root, { recursive: true, force: true }));
      await run('git', ['worktree', 'prune'], { cwd: REPO_ROOT }).catch(() => {});
    },
  };
}
