import { objectStore } from '../src/storage/object-store.js';
import { sweepOrphanObjects, type OrphanSweepCounts } from '../src/storage/orphan-objects.js';
import type { ResolvedActivityDeps } from './deps.js';
import { whileHeartbeating } from './heartbeat.js';

export function storageSweepActivities({ db, logger }: ResolvedActivityDeps) {
  return {
    /**
     * Remove the bucket's objects no row names that were older than `graceMinutes` at `nowIso` (the
     * schedule's run passes its own time); nothing to do where bytes are in Postgres.
     */
    async sweepOrphanObjects(nowIso: string, graceMinutes: number): Promise<OrphanSweepCounts> {
      const objects = objectStore();
      if (!objects) return { listed: 0, removed: 0 };
      return whileHeartbeating(async () => {
        const counts = await sweepOrphanObjects(db, objects, { now: new Date(nowIso), graceMs: graceMinutes * 60_000 });
        logger.info({ ...counts, now: nowIso, grace_minutes: graceMinutes }, 'orphan objects swept');
        return counts;
      });
    },
  };
}
