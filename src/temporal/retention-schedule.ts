// The retention schedule: a Temporal Schedule (visible in the Web UI under Schedules) that runs
// retentionWorkflow every SERVICE_RETENTION_INTERVAL_MINUTES on the interactive task queue. The API
// creates it at start, or brings an existing one in line with its settings. One per task queue, so
// deployments sharing a namespace each keep their own.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';

export const RETENTION_WORKFLOW_TYPE = 'retentionWorkflow';

export function retentionScheduleId(config: Config): string {
  return `docextract-retention-${config.temporal.taskQueue}`;
}

export async function ensureRetentionSchedule(temporal: Client, config: Config, logger: Logger): Promise<void> {
  const scheduleId = retentionScheduleId(config);
  const days = config.retention.jobDays;
  const memo = `jobs: ${days === undefined ? 'kept' : `${days} days`}; webhook delivery records: ${config.retention.webhookEventsDays} days`;
  const options = {
    spec: { intervals: [{ every: `${config.retention.intervalMinutes} minutes` as const }] },
    action: {
      type: 'startWorkflow' as const,
      workflowType: RETENTION_WORKFLOW_TYPE,
      workflowId: `retention-${config.temporal.taskQueue}`,
      taskQueue: config.temporal.taskQueue,
      args: [] as unknown[],
      staticSummary: `retention · ${memo}`,
    },
    // A run still deleting when the next is due: skip the next, never two at once.
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' as const },
  };
  try {
    await temporal.schedule.create({ scheduleId, ...options, state: { note: `docextract retention (${memo})` } });
    logger.info({ scheduleId, retention_days: days ?? null, webhook_events_days: config.retention.webhookEventsDays }, 'retention schedule created');
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec: options.spec, action: options.action, policies: { ...previous.policies, ...options.policies } }));
    logger.info({ scheduleId, retention_days: days ?? null, webhook_events_days: config.retention.webhookEventsDays }, 'retention schedule updated');
  }
}
