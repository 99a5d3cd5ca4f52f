// Slots of a provider's `configuration.max_concurrent_requests`, shared by every worker process
// through Postgres (table provider_leases). A slot is held while its expiry is in the future; the
// holder renews it while its request runs, so a worker that dies frees its slots when they expire.
import type { Db } from './db.js';

/** Take a free (or expired) slot below `limit`; returns the slot number, or null when all are held. */
export async function tryAcquireSlot(db: Db, provider: string, limit: number, holder: string, leaseMs: number): Promise<number | null> {
  // A concurrent insert of the same slot conflicts; the update then only wins over an expired lease,
  // so two holders never share a slot.
  const result = await db.raw(
    `INSERT INTO provider_leases AS l (provider_name, slot, holder, expires_at)
     SELECT ?, s, ?, now() + make_interval(secs => ?)
       FROM generate_series(0, ? - 1) AS s
      WHERE NOT EXISTS (SELECT 1 FROM provider_leases x WHERE x.provider_name = ? AND x.slot = s AND x.expires_at > now())
      ORDER BY random()
      LIMIT 1
     ON CONFLICT (provider_name, slot) DO UPDATE
       SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE l.expires_at <= now()
     RETURNING slot`,
    [provider, holder, leaseMs / 1000, limit, provider],
  );
  return result.rows.length > 0 ? (result.rows[0].slot as number) : null;
}

export async function renewSlot(db: Db, provider: string, slot: number, holder: string, leaseMs: number): Promise<boolean> {
  const n = await db('provider_leases')
    .where({ provider_name: provider, slot, holder })
    .update({ expires_at: db.raw('now() + make_interval(secs => ?)', [leaseMs / 1000]) });
  return n === 1;
}

export async function releaseSlot(db: Db, provider: string, slot: number, holder: string): Promise<void> {
  await db('provider_leases').where({ provider_name: provider, slot, holder }).delete();
}
