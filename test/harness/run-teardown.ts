// Undo global setup: drop the run's database, stop the servers it started, remove its temp folder.
import { rm } from 'node:fs/promises';
import { dropDatabase, withPgClient } from '../../src/runtime/database.js';
import { takeRunState } from './run-state.js';

export async function tearDownRun(): Promise<void> {
  const state = takeRunState();
  if (!state) return;
  const errors: unknown[] = [];
  const attempt = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      errors.push(err);
    }
  };
  for (const { adminUrl, name } of state.databases ?? []) {
    // The files' and stacks' copies of it first (each drops its own; a crashed worker leaves one).
    await attempt(() =>
      withPgClient(adminUrl, async (client) => {
        const copies = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${name}_`]);
        for (const { datname } of copies.rows) await dropDatabase(client, datname);
      }),
    );
    await attempt(() => withPgClient(adminUrl, (client) => dropDatabase(client, name)));
  }
  for (const { stop } of state.stops.reverse()) await attempt(stop);
  await attempt(() => rm(state.tempDir, { recursive: true, force: true }));
  if (errors.length) throw new AggregateError(errors, 'test harness teardown failed');
}
