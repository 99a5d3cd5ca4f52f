import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';

// It heartbeats (activities/heartbeat.ts): a worker that dies mid-sweep is noticed within 20 s.
const { sweepOrphanObjects } = proxyActivities<Activities>({ startToCloseTimeout: '30 minutes', heartbeatTimeout: '20 seconds', retry: { maximumAttempts: 3 } });

/**
 * One run of the orphan sweep schedule (src/temporal/storage-sweep-schedule.ts): remove the
 * bucket's objects that no row names and that were older than the grace period at the run's time.
 * Its result is the counts (shown in the Web UI).
 */
export async function storageSweepWorkflow(graceMinutes: number): Promise<Record<string, number>> {
  return { ...(await sweepOrphanObjects(new Date().toISOString(), graceMinutes)) };
}
