import { applyRetention as applyRetentionAt, type RetentionCounts } from '../src/domain/retention.js';
import { retentionDeleted } from '../src/metrics/index.js';
import type { ResolvedActivityDeps } from './deps.js';
import { whileHeartbeating } from './heartbeat.js';

export function retentionActivities({ config, db, logger }: ResolvedActivityDeps) {
  return {
    /**
     * Delete what expired at `nowIso` (the schedule's run passes its own time; a test passes a
     * later one): logs one line and counts each kind of row deleted.
     */
    async applyRetention(nowIso: string): Promise<RetentionCounts> {
      return whileHeartbeating(async () => {
        const counts = await applyRetentionAt(db, config.retention, new Date(nowIso));
        for (const [what, n] of Object.entries(counts)) if (n > 0) retentionDeleted.inc({ what }, n);
        logger.info({ ...counts, now: nowIso, retention_days: config.retention.jobDays ?? null, webhook_events_days: config.retention.webhookEventsDays }, 'retention applied');
        return counts;
      });
    },
  };
}
