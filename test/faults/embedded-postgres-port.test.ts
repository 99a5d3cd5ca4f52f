import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/runtime/embedded-postgres.js';
import { freePort } from '../../src/runtime/ports.js';
import { waitUntil } from '../../src/runtime/process.js';
import { withPgClient } from '../../src/runtime/database.js';
import { readHarnessInfo } from '../harness/harness-info.js';

// Two `npm start`s at once on one machine: both find the embedded Postgres's port free, and the one
// whose Postgres binds second used to fail its start-up ("could not bind IPv4 address ...: Address
// already in use"; seen in a fresh-clone run, two test files each starting npm start). Without a
// pinned POSTGRES_PORT the start chooses another port, as the Temporal server's start does.

const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
});

async function newDataDir(): Promise<string> {
  const parent = await mkdtemp(path.join(readHarnessInfo().tempDir, 'embedded-pg-'));
  await chmod(parent, 0o755); // run as root, the server runs as `postgres`, which must get through
  cleanup.push(() => rm(parent, { recursive: true, force: true }));
  return path.join(parent, 'postgres');
}

/** Take `port` on 127.0.0.1 as soon as the start has chosen its port (the password file is written next). */
async function takePortOnceChosen(dir: string, port: number): Promise<Server> {
  if (!(await waitUntil(() => existsSync(`${dir}.password`), 30_000))) throw new Error('the start never wrote its password file');
  // Whoever connects (the start's readiness probe, while Postgres has not yet failed) is hung up on.
  const blocker = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    blocker.once('error', reject);
    blocker.listen({ port, host: '127.0.0.1', exclusive: true }, resolve);
  });
  cleanup.push(() => new Promise((resolve) => blocker.close(resolve)));
  return blocker;
}

describe('the embedded Postgres whose free port is taken before it binds', () => {
  it('starts on another port when the port was not pinned', async () => {
    const dir = await newDataDir();
    const preferred = await freePort();
    const starting = startEmbeddedPostgres({ dir, port: preferred });
    // initdb runs between the port's choice and the server's bind: the port is taken in that gap.
    await takePortOnceChosen(dir, preferred);
    const pg: EmbeddedPostgres = await starting;
    cleanup.push(() => pg.stop());
    expect(pg.port).not.toBe(preferred);
    const answer = await withPgClient(pg.url('postgres'), (client) => client.query('SELECT 1 AS one'));
    expect(answer.rows).toEqual([{ one: 1 }]);
  }, 120_000);

  it('fails naming the bind when the port was pinned', async () => {
    const dir = await newDataDir();
    const pinned = await freePort();
    const starting = startEmbeddedPostgres({ dir, pinnedPort: pinned }).then(
      async (pg) => {
        await pg.stop();
        return undefined;
      },
      (err: Error) => err,
    );
    await takePortOnceChosen(dir, pinned);
    const err = await starting;
    expect(err?.message).toMatch(/Postgres exited during start-up:[\s\S]*Address already in use/);
  }, 120_000);
});
