// Slots of a provider's `configuration.max_concurrent_requests`, shared by every worker process
// through Postgres (table provider_leases). A slot is held while its expiry is in the future; the
// holder renews it while its request runs, so a worker that dies frees its slots when they expire.
// A lease also dies with the Postgres server that granted it (db/migrations/007_bounded_leases.ts):
// after a restart of the database, the slots of the attempts that failed with it are free at once.
// A release that fails (the database is away) is kept and done again by the next slot request of
// this process, so a failed attempt's slot is freed as soon as Postgres answers.
import type { Db } from './db.js';

/** A lease is live while unexpired and granted by the server running now (NULL: taken before 007, expiry only). */
const LIVE = (alias: string) =>
  `${alias}.expires_at > now() AND (${alias}.server_started_at IS NULL OR ${alias}.server_started_at = pg_postmaster_start_time())`;

/**
 * SQL (with one binding, the lease's name) that is true while any slot of that lease is live: for
 * a job's slots (`job:<id>`), while one of its model requests may be open at the provider.
 */
export const LIVE_LEASE_EXISTS_SQL = `EXISTS (SELECT 1 FROM provider_leases x WHERE x.provider_name = ? AND ${LIVE('x')})`;

/** Take a free (or expired) slot below `limit`; returns the slot number, or null when all are held. */
export async function tryAcquireSlot(db: Db, provider: string, limit: number, holder: string, leaseMs: number): Promise<number | null> {
  // A concurrent insert of the same slot conflicts; the update then only wins over an expired lease,
  // so two holders never share a slot.
  const result = await db.raw(
    `INSERT INTO provider_leases AS l (provider_name, slot, holder, expires_at, server_started_at)
     SELECT ?, s, ?, now() + make_interval(secs => ?), pg_postmaster_start_time()
       FROM generate_series(0, ? - 1) AS s
      WHERE NOT EXISTS (SELECT 1 FROM provider_leases x WHERE x.provider_name = ? AND x.slot = s AND ${LIVE('x')})
      ORDER BY random()
      LIMIT 1
     ON CONFLICT (provider_name, slot) DO UPDATE
       SET holder = excluded.holder, expires_at = excluded.expires_at, server_started_at = excluded.server_started_at
       WHERE NOT (${LIVE('l')})
     RETURNING slot`,
    [provider, holder, leaseMs / 1000, limit, provider],
  );
  return result.rows.length > 0 ? (result.rows[0].slot as number) : null;
}

export async function renewSlot(db: Db, provider: string, slot: number, holder: string, leaseMs: number): Promise<boolean> {
  const n = await db('provider_leases')
    .where({ provider_name: provider, slot, holder })
    // A holder that outlived a restart of the database claims its slot again, if no one took it meanwhile.
    .update({ expires_at: db.raw('now() + make_interval(secs => ?)', [leaseMs / 1000]), server_started_at: db.raw('pg_postmaster_start_time()') });
  return n === 1;
}

interface Unreleased {
  db: Db;
  provider: string;
  slot: number;
  holder: string;
}
/** Releases that failed, by lease, to be done again (releaseLeftovers). Holders are unique per attempt. */
const unreleased = new Map<string, Unreleased>();

export async function releaseSlot(db: Db, provider: string, slot: number, holder: string): Promise<void> {
  try {
    await db('provider_leases').where({ provider_name: provider, slot, holder }).delete();
  } catch (err) {
    unreleased.set(`${provider}\u0000${slot}\u0000${holder}`, { db, provider, slot, holder });
    throw err;
  }
}

/** Do again the releases that failed (the database was away); those that fail again stay for the next call. */
export async function releaseLeftovers(db: Db): Promise<void> {
  for (const [key, r] of [...unreleased]) {
    if (r.db !== db) continue;
    try {
      await db('provider_leases').where({ provider_name: r.provider, slot: r.slot, holder: r.holder }).delete();
      unreleased.delete(key);
    } catch {
      return;
    }
  }
}

/** Releases waiting to be done again (tests). */
export function unreleasedCount(): number {
  return unreleased.size;
}
