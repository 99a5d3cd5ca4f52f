// The orphan sweep (issue 53): objects under the service's own key spaces (`files/`, `renditions/`,
// `uploads/`) that no row names — for a direct upload's object: no file, and no upload that can
// still be completed (an expired one answers 410 and its object is garbage). They come from writes whose row never committed (an upload's transaction that
// rolled back and whose delete failed, a process killed between object and row) or from deletes
// whose object removal failed (file-objects.ts). Only objects older than the grace period are
// candidates: an object is written before its row, so a young object may still be getting one.
// Run by the storage sweep schedule (src/temporal/storage-sweep-schedule.ts).
import type { Db } from './db.js';
import { SERVICE_KEY_SPACES, type ObjectStore } from './object-store.js';

/** Keys checked against the rows per query (and removed per request). */
const CHUNK = 500;

export interface OrphanSweepCounts {
  listed: number;
  removed: number;
}

/** Of these keys, the ones a file, a rendition or a direct upload still open at `now` names. */
async function namedKeys(db: Db, keys: string[], now: Date): Promise<Set<string>> {
  const [files, renditions, uploads] = await Promise.all([
    db('files').whereIn('object_key', keys).select('object_key'),
    db('file_renditions').whereIn('pdf_key', keys).select('pdf_key'),
    db('direct_uploads').whereIn('object_key', keys).whereNull('completed_at').where('expires_at', '>', now).select('object_key'),
  ]);
  return new Set([
    ...files.map((r: { object_key: string }) => r.object_key),
    ...renditions.map((r: { pdf_key: string }) => r.pdf_key),
    ...uploads.map((r: { object_key: string }) => r.object_key),
  ]);
}

/** Remove the objects older than `graceMs` at `now` that no row names; `onPage` after each chunk (heartbeats). */
export async function sweepOrphanObjects(
  db: Db,
  objects: ObjectStore,
  opts: { now: Date; graceMs: number; onPage?: () => void },
): Promise<OrphanSweepCounts> {
  const counts: OrphanSweepCounts = { listed: 0, removed: 0 };
  const cutoff = opts.now.getTime() - opts.graceMs;
  const check = async (keys: string[]) => {
    const named = await namedKeys(db, keys, opts.now);
    const orphans = keys.filter((k) => !named.has(k));
    if (orphans.length > 0) await objects.delete(orphans);
    counts.removed += orphans.length;
    opts.onPage?.();
  };
  // Only the service's own key spaces: anything else in the bucket (a batch's source and results) is not ours to judge.
  for (const name of SERVICE_KEY_SPACES) {
    let pending: string[] = [];
    for await (const object of objects.list(objects.key(name))) {
      counts.listed += 1;
      if (object.lastModified.getTime() > cutoff) continue;
      pending.push(object.key);
      if (pending.length >= CHUNK) {
        await check(pending);
        pending = [];
      }
    }
    if (pending.length > 0) await check(pending);
  }
  return counts;
}
