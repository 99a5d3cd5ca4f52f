import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

// It heartbeats (activities/heartbeat.ts): a worker that dies mid-run is noticed within 20 s, not 30 minutes.
const { applyRetention } = proxyActivities<Activities>({ startToCloseTimeout: '30 minutes', heartbeatTimeout: '20 seconds', retry: { maximumAttempts: 3 } });

/**
 * One run of the retention schedule (src/temporal/retention-schedule.ts): delete what expired by
 * the run's own time. Its result is the counts of what was deleted (shown in the Web UI).
 */
export async function retentionWorkflow(): Promise<Record<string, number>> {
  return { ...(await applyRetention(new Date().toISOString())) };
}
