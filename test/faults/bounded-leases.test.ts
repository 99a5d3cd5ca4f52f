import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { releaseSlot, tryAcquireSlot } from '../../src/storage/provider-leases.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

// Slot leases die with the Postgres server that granted them (db/migrations/007_bounded_leases.ts):
// a lease taken before the server restarted no longer holds its slot, while one of the running
// server holds it until it expires or is released. A restart is simulated by moving a lease's
// server start time into the past (the server of this run is not restarted).

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const LEASE_MS = 20_000;

describe('slot leases', () => {
  it('hold their slot while the server that granted them runs, and free it once that server is gone', async () => {
    const { db } = stack;
    const name = 'job:bounded-leases';
    const a = await tryAcquireSlot(db, name, 2, 'holder-a', LEASE_MS);
    const b = await tryAcquireSlot(db, name, 2, 'holder-b', LEASE_MS);
    expect([a, b].sort()).toEqual([0, 1]);
    expect(await tryAcquireSlot(db, name, 2, 'holder-c', LEASE_MS)).toBeNull();
    const row = await db('provider_leases').where({ provider_name: name, holder: 'holder-a' }).first();
    expect(row.server_started_at).toEqual((await db.raw('SELECT pg_postmaster_start_time() AS t')).rows[0].t);

    // holder-a's lease was granted by a server that has since restarted: its slot is free at once.
    await db('provider_leases').where({ provider_name: name, holder: 'holder-a' }).update({ server_started_at: db.raw("pg_postmaster_start_time() - interval '1 hour'") });
    expect(await tryAcquireSlot(db, name, 2, 'holder-c', LEASE_MS)).toBe(a);
    expect(await tryAcquireSlot(db, name, 2, 'holder-d', LEASE_MS)).toBeNull();

    // Released: free again.
    await releaseSlot(db, name, b!, 'holder-b');
    expect(await tryAcquireSlot(db, name, 2, 'holder-d', LEASE_MS)).toBe(b);
  });

  it('a lease taken before the column existed (no server recorded) holds its slot until it expires', async () => {
    const { db } = stack;
    const name = 'job:bounded-leases-legacy';
    await db('provider_leases').insert({ provider_name: name, slot: 0, holder: 'legacy', expires_at: db.raw("now() + interval '20 seconds'"), server_started_at: null });
    expect(await tryAcquireSlot(db, name, 1, 'new', LEASE_MS)).toBeNull();
    await db('provider_leases').where({ provider_name: name }).update({ expires_at: db.raw("now() - interval '1 second'") });
    expect(await tryAcquireSlot(db, name, 1, 'new', LEASE_MS)).toBe(0);
  });
});
