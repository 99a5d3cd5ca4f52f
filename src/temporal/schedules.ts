// The service's Temporal Schedules (retention, the orphan sweep): the API creates each at start, or
// brings an existing one in line with its settings. A run still going when the next is due: the
// next is skipped, never two at once.
import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import type { Logger } from '../logging.js';

export interface ServiceSchedule {
  scheduleId: string;
  everyMinutes: number;
  action: ScheduleOptionsStartWorkflowAction<Workflow>;
  /** The schedule's note in the Web UI. */
  note: string;
  /** What the log line says besides the schedule id (its settings). */
  logFields: Record<string, unknown>;
  /** e.g. 'retention schedule': logged as "<name> created" or "<name> updated". */
  name: string;
}

export async function ensureSchedule(temporal: Client, schedule: ServiceSchedule, logger: Logger): Promise<void> {
  const spec = { intervals: [{ every: `${schedule.everyMinutes} minutes` as const }] };
  const policies = { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' as const };
  const fields = { scheduleId: schedule.scheduleId, ...schedule.logFields };
  try {
    await temporal.schedule.create({ scheduleId: schedule.scheduleId, spec, action: schedule.action, policies, state: { note: schedule.note } });
    logger.info(fields, `${schedule.name} created`);
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await temporal.schedule.getHandle(schedule.scheduleId).update((previous) => ({ ...previous, spec, action: schedule.action, policies: { ...previous.policies, ...policies } }));
    logger.info(fields, `${schedule.name} updated`);
  }
}
