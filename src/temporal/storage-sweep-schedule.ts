// The orphan sweep schedule (issue 53): with SERVICE_STORAGE=s3, a Temporal Schedule (visible in
// the Web UI under Schedules) that runs storageSweepWorkflow every
// SERVICE_STORAGE_SWEEP_INTERVAL_MINUTES on the interactive task queue, like retention. The API
// creates it at start, or brings an existing one in line with its settings.
import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import { ensureSchedule } from './schedules.js';

export const STORAGE_SWEEP_WORKFLOW_TYPE = 'storageSweepWorkflow';

export function storageSweepScheduleId(config: Config): string {
  return `docextract-storage-sweep-${config.temporal.taskQueue}`;
}

export async function ensureStorageSweepSchedule(temporal: Client, config: Config, logger: Logger): Promise<void> {
  const { intervalMinutes, graceMinutes } = config.storageSweep;
  await ensureSchedule(
    temporal,
    {
      name: 'orphan sweep schedule',
      scheduleId: storageSweepScheduleId(config),
      everyMinutes: intervalMinutes,
      action: {
        type: 'startWorkflow',
        workflowType: STORAGE_SWEEP_WORKFLOW_TYPE,
        workflowId: `storage-sweep-${config.temporal.taskQueue}`,
        taskQueue: config.temporal.taskQueue,
        // The grace period travels with the run: the worker need not share the API's setting.
        args: [graceMinutes],
        staticSummary: `orphan sweep · objects no row names, older than ${graceMinutes} minutes`,
      },
      note: `docextract orphan sweep (grace ${graceMinutes} minutes)`,
      logFields: { interval_minutes: intervalMinutes, grace_minutes: graceMinutes },
    },
    logger,
  );
}
