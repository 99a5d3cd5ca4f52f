// Retention (SERVICE_RETENTION_DAYS, SERVICE_WEBHOOK_EVENTS_DAYS), run by the retention schedule's
// activity with the time it is given (so a test can set the clock forward): finished jobs older than
// the retention with their results, events, delivery records and idempotency keys; ended batches
// with their items; the files those jobs used that nothing uses any more; and webhook delivery
// records older than their own retention. Never a job whose review is pending (nor a batch with
// such an item), an evaluation run's item (kept with its run), or a file still in use.
import type { Config } from '../config/index.js';
import { JOB_KINDS } from '../kinds.js';
import type { Db } from '../storage/db.js';
import * as retention from '../storage/jobs/retention.js';
import { objectKeysOfFileTrees, removeObjects } from '../storage/file-objects.js';

const DAY_MS = 24 * 3600 * 1000;
/** Rows per transaction: a long backlog is worked through in short transactions. */
const CHUNK = 500;

export interface RetentionCounts {
  jobs: number;
  batches: number;
  files: number;
  webhook_deliveries: number;
  webhook_events: number;
}

export type RetentionSettings = Pick<Config, 'retention'>['retention'];

/** Delete what expired at `now`; returns what was deleted. */
export async function applyRetention(db: Db, settings: RetentionSettings, now: Date): Promise<RetentionCounts> {
  const counts: RetentionCounts = { jobs: 0, batches: 0, files: 0, webhook_deliveries: 0, webhook_events: 0 };
  const add = (more: Partial<RetentionCounts>) => {
    for (const [k, v] of Object.entries(more)) counts[k as keyof RetentionCounts] += v ?? 0;
  };

  if (settings.jobDays !== undefined) {
    const cutoff = new Date(now.getTime() - settings.jobDays * DAY_MS);
    for (const kind of JOB_KINDS) {
      for (;;) {
        const expired = await retention.expiredJobs(db, kind, cutoff, CHUNK);
        if (expired.length === 0) break;
        const ids = expired.map((j) => j.id);
        const { objectKeys, ...deleted } = await db.transaction(async (trx) => {
          const jobs = await retention.deleteJobsAndRecords(trx, kind, ids);
          const hooks = await retention.deleteWebhookRecords(trx, null, ids);
          const unused = await retention.unusedFiles(trx, expired.flatMap((j) => (j.file_id ? [j.file_id] : [])));
          const objectKeys = await objectKeysOfFileTrees(trx, unused);
          const files = await retention.deleteFiles(trx, unused);
          return { jobs, files, webhook_deliveries: hooks.deliveries, webhook_events: hooks.events, objectKeys };
        });
        add(deleted);
        // The bucket's objects of the deleted files, once their rows are gone (a failure leaves orphans only).
        await removeObjects(objectKeys);
        if (expired.length < CHUNK) break;
      }
    }
    for (;;) {
      const batches = await retention.expiredBatches(db, cutoff, 50);
      if (batches.length === 0) break;
      const files = await retention.batchItemFiles(db, batches);
      const { objectKeys, ...deleted } = await db.transaction(async (trx) => {
        const [batchCount, items] = await retention.deleteBatches(trx, batches);
        const unused = await retention.unusedFiles(trx, files);
        const objectKeys = await objectKeysOfFileTrees(trx, unused);
        return { batches: batchCount, jobs: items, files: await retention.deleteFiles(trx, unused), objectKeys };
      });
      add(deleted);
      await removeObjects(objectKeys);
      if (batches.length < 50) break;
    }
  }

  const webhookCutoff = new Date(now.getTime() - settings.webhookEventsDays * DAY_MS);
  add(
    await db.transaction(async (trx) => {
      const hooks = await retention.deleteWebhookRecords(trx, webhookCutoff, []);
      return { webhook_deliveries: hooks.deliveries, webhook_events: hooks.events };
    }),
  );
  return counts;
}
