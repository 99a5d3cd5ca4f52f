// The orphan sweep schedule (issue 53): with SERVICE_STORAGE=s3, a Temporal Schedule (visible in
// the Web UI under Schedules) that runs storageSweepWorkflow every
// SERVICE_STORAGE_SWEEP_INTERVAL_MINUTES on the interactive task queue, like retention. The API
// creates it at start, or brings an existing one in line with its settings.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';

export const STORAGE_SWEEP_WORKFLOW_TYPE = 'storageSweepWorkflow';

export function storageSweepScheduleId(config: Config): string {
  return `docextract-storage-sweep-${config.temporal.taskQueue}`;
}

export async function ensureStorageSweepSchedule(temporal: Client, config: Config, logger: Logger): Promise<void> {
  const scheduleId = storageSweepScheduleId(config);
  const { intervalMinutes, graceMinutes } = config.storageSweep;
  const options = {
    spec: { intervals: [{ every: `${intervalMinutes} minutes` as const }] },
    action: {
      type: 'startWorkflow' as const,
      workflowType: STORAGE_SWEEP_WORKFLOW_TYPE,
      workflowId: `storage-sweep-${config.temporal.taskQueue}`,
      taskQueue: config.temporal.taskQueue,
      // The grace period travels with the run: the worker need not share the API's setting.
      args: [graceMinutes] as unknown[],
      staticSummary: `orphan sweep · objects no row names, older than ${graceMinutes} minutes`,
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' as const },
  };
  try {
    await temporal.schedule.create({ scheduleId, ...options, state: { note: `docextract orphan sweep (grace ${graceMinutes} minutes)` } });
    logger.info({ scheduleId, interval_minutes: intervalMinutes, grace_minutes: graceMinutes }, 'orphan sweep schedule created');
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec: options.spec, action: options.action, policies: { ...previous.policies, ...options.policies } }));
    logger.info({ scheduleId, interval_minutes: intervalMinutes, grace_minutes: graceMinutes }, 'orphan sweep schedule updated');
  }
}
