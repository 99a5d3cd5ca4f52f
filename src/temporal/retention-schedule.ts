// The retention schedule: a Temporal Schedule (visible in the Web UI under Schedules) that runs
// retentionWorkflow every SERVICE_RETENTION_INTERVAL_MINUTES on the interactive task queue. The API
// creates it at start, or brings an existing one in line with its settings. One per task queue, so
// deployments sharing a namespace each keep their own.
import type { Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import { ensureSchedule } from './schedules.js';

export const RETENTION_WORKFLOW_TYPE = 'retentionWorkflow';

export function retentionScheduleId(config: Config): string {
  return `docextract-retention-${config.temporal.taskQueue}`;
}

export async function ensureRetentionSchedule(temporal: Client, config: Config, logger: Logger): Promise<void> {
  const days = config.retention.jobDays;
  const memo = `jobs: ${days === undefined ? 'kept' : `${days} days`}; webhook delivery records: ${config.retention.webhookEventsDays} days`;
  await ensureSchedule(
    temporal,
    {
      name: 'retention schedule',
      scheduleId: retentionScheduleId(config),
      everyMinutes: config.retention.intervalMinutes,
      action: {
        type: 'startWorkflow',
        workflowType: RETENTION_WORKFLOW_TYPE,
        workflowId: `retention-${config.temporal.taskQueue}`,
        taskQueue: config.temporal.taskQueue,
        args: [],
        staticSummary: `retention · ${memo}`,
      },
      note: `docextract retention (${memo})`,
      logFields: { retention_days: days ?? null, webhook_events_days: config.retention.webhookEventsDays },
    },
    logger,
  );
}
