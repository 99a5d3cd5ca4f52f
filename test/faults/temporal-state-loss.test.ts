import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, copyFile, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dropDatabase, ensureDatabase, withDatabaseName, withPgClient } from '../../src/runtime/database.js';
import { stopChild } from '../../src/runtime/process.js';
import { call, eventually, pointCompatibleProviderAt, pollJob } from '../api/job-helpers.js';
import { devProcessEnv, startDevProcess, type DevProcess } from '../harness/dev-process.js';
import { readHarnessInfo } from '../harness/harness-info.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';

// `npm start` loses the tail of its Temporal state, as an OS crash or power cut may make the dev
// server's SQLite file (WAL, synchronous=normal) do: the file is put back to a copy taken before
// the jobs were created, so Temporal has never heard of them although the API answered 201. The
// job rows are in Postgres (committed before the workflow start), and the next start finds the
// active jobs without a workflow run and starts them again: every accepted job completes, once.

const SCHEMA = {
  type: 'object',
  properties: { title: { type: ['string', 'null'] } },
  required: ['title'],
  additionalProperties: false,
};

let provider: ScriptedProvider;
let dataDir: string;
let env: Record<string, string>;
let adminUrl: string;
const database = `docextract_state_loss_${randomBytes(4).toString('hex')}`;
const running: DevProcess[] = [];

async function startDev(): Promise<DevProcess> {
  const dev = await startDevProcess(env, 120_000);
  running.push(dev);
  return dev;
}

const entries = (dev: DevProcess): Array<Record<string, any>> =>
  dev.lines.flatMap((line) => {
    try {
      return [JSON.parse(line)];
    } catch {
      return [];
    }
  });

/** `root` and every process whose parent chain leads to it. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!found.has(pid) && found.has(ppid)) grew = !!found.add(pid);
    }
  }
  return [...found];
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

const createJob = async (url: string, text: string) => {
  const r = await call(url, 'POST', '/v1/extraction-jobs', { extractor_name: 'loss-test', text });
  expect(r.status).toBe(201);
  return r.body.id as string;
};

beforeAll(async () => {
  const harness = readHarnessInfo();
  adminUrl = withDatabaseName(harness.databaseUrl, 'postgres');
  // A database of its own: the start-up sweep looks at every active job of its database.
  await withPgClient(adminUrl, (client) => ensureDatabase(client, database));
  dataDir = await mkdtemp(path.join(harness.tempDir, 'state-loss-'));
  await chmod(dataDir, 0o755);
  provider = await startScriptedProvider();
  env = await devProcessEnv(dataDir, {
    DATABASE_URL: withDatabaseName(harness.databaseUrl, database),
  });
}, 60_000);

afterAll(async () => {
  for (const dev of running) {
    if (dev.child.exitCode === null && dev.child.signalCode === null) await stopChild(dev.child, { signal: 'SIGTERM', timeoutMs: 30_000 });
  }
  await provider?.close();
  await withPgClient(adminUrl, (client) => dropDatabase(client, database)).catch(() => {});
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}, 60_000);

describe('npm start after its Temporal state lost its last transactions', () => {
  it('starts the workflows of the accepted jobs Temporal forgot, and each completes once', async () => {
    const temporalDb = path.join(dataDir, 'temporal.db');
    const olderCopy = path.join(dataDir, 'temporal.db.older');

    // 1. A first run: one job completes. Its files, taken while the server is stopped, are the older copy.
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'before' }) }));
    let dev = await startDev();
    await pointCompatibleProviderAt(dev.url, provider.baseUrl);
    expect((await call(dev.url, 'PUT', '/v1/extractors/loss-test', { display_name: 'Loss test', instructions: 'Extract the title.', model: 'm', schema: SCHEMA })).status).toBe(201);
    const before = await createJob(dev.url, 'Completed before the copy');
    expect((await pollJob(dev.url, `/v1/extraction-jobs/${before}`)).at(-1).status).toBe('completed');
    dev.child.kill('SIGTERM');
    await dev.exited;
    for (const suffix of ['', '-wal']) {
      if (existsSync(`${temporalDb}${suffix}`)) await copyFile(`${temporalDb}${suffix}`, `${olderCopy}${suffix}`);
    }

    // 2. A second run accepts three jobs; the model never answers, so they are running (or still
    //    queued) when the whole service dies.
    provider.respondWith(() => ({ kind: 'stall' }));
    dev = await startDev();
    const lost = [await createJob(dev.url, 'Lost A'), await createJob(dev.url, 'Lost B'), await createJob(dev.url, 'Lost C')];
    await provider.waitForRequests(1, 30_000);
    const tree = descendants(dev.child.pid!);
    process.kill(-dev.child.pid!, 'SIGKILL');
    await dev.exited;
    // The watchdog stops the Temporal server; wait until nothing of that run holds the files.
    await eventually(async () => (tree.every((pid) => !alive(pid)) ? true : undefined), 20_000);

    // 3. Temporal's state goes back to the older copy: it has never heard of the three jobs.
    for (const suffix of ['', '-wal', '-shm']) await rm(`${temporalDb}${suffix}`, { force: true });
    for (const suffix of ['', '-wal']) {
      if (existsSync(`${olderCopy}${suffix}`)) await copyFile(`${olderCopy}${suffix}`, `${temporalDb}${suffix}`);
    }
    // The sweep looks at jobs older than the window in which an API writes a job and starts it.
    await new Promise((resolve) => setTimeout(resolve, 5_500));

    // 4. The next start finds the three active jobs without a run and starts them; they complete.
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'after' }) }));
    dev = await startDev();
    const restarted = entries(dev).filter((e) => e.msg?.startsWith('job had no workflow run'));
    expect(restarted.map((e) => e.job_id).sort()).toEqual([...lost].sort());
    expect(entries(dev).find((e) => e.msg === 'active jobs checked against Temporal')).toMatchObject({ checked: 3, restarted: 3 });
    for (const id of lost) {
      const final = (await pollJob(dev.url, `/v1/extraction-jobs/${id}`, undefined, 90_000)).at(-1);
      expect(final).toMatchObject({ status: 'completed', result: { data: { title: 'after' } } });
    }
    // Each completed once (the model was asked for each; once, unless a loaded machine made an
    // attempt time out) and the job of the first run was left alone.
    const asked = provider.requests.map((r) => JSON.stringify(r.body.messages));
    for (const text of ['Lost A', 'Lost B', 'Lost C']) expect(asked.some((m) => m.includes(text))).toBe(true);
    const completions = entries(dev).filter((e) => e.msg === 'extraction completed').map((e) => e.job_id);
    expect(completions.sort()).toEqual([...lost].sort());
    expect((await call(dev.url, 'GET', `/v1/extraction-jobs/${before}`)).body).toMatchObject({ status: 'completed', result: { data: { title: 'before' } } });

    dev.child.kill('SIGTERM');
    await dev.exited;
  }, 300_000);
});
