// Jobs whose workflow the Temporal server no longer has. The job row in Postgres is committed
// (and fsynced) before its workflow is started, and it is the record of every job the API
// accepted; Temporal's state is not as safe: the `npm start` dev server keeps it in SQLite with
// synchronous=normal, so an OS crash or power cut may lose its last transactions — a workflow start
// the API already answered 201 for, or a run's last steps. At start-up, every job that is still
// active in Postgres gets its workflow started again. The workflow id is the job id, so a job whose
// run is still open is left alone (the start is refused), and a new run picks up where the row
// says the job is: stored windows and pages are not asked again, a result already recorded ends
// the run without a second completion, and a job asked to stop is settled.
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Config } from '../config/index.js';
import type { Logger } from '../logging.js';
import type { Db } from '../storage/db.js';
import { startJobWorkflow, TEMPORAL_CALL_DEADLINE_MS } from '../temporal/job-workflows.js';
import { JOB_KINDS } from '../kinds.js';
import { jobsNeedingWorkflow } from '../storage/jobs/reads.js';
import { batchesNeedingWorkflow } from '../storage/batches.js';
import { startBatchWorkflow } from '../temporal/batch-workflows.js';

/**
 * Only jobs older than this: an API process creating a job right now writes its row, then starts
 * its workflow within TEMPORAL_CALL_DEADLINE_MS (or removes the row); the sweep must not start the
 * workflow in between, or that API would see its own start refused.
 */
export const RECOVERY_MIN_AGE_MS = 2 * TEMPORAL_CALL_DEADLINE_MS;


export interface RecoveryReport {
  /** Active jobs looked at. */
  checked: number;
  /** Jobs that had no open workflow run and got one. */
  restarted: string[];
}

export async function restartOrphanedJobs(db: Db, temporal: Client, config: Config, logger: Logger): Promise<RecoveryReport> {
  const report: RecoveryReport = { checked: 0, restarted: [] };
  for (const kind of JOB_KINDS) {
    const rows = await jobsNeedingWorkflow(db, kind, RECOVERY_MIN_AGE_MS);
    for (const row of rows) {
      report.checked++;
      try {
        await startJobWorkflow(temporal, config, kind, row.id, { job_kind: kind, definition_name: row.name, file_id: row.file_id });
        report.restarted.push(row.id);
        logger.warn({ job_id: row.id, workflow_id: row.id, job_kind: kind }, 'job had no workflow run (Temporal state lost); started it again');
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) continue; // its run is open: nothing lost
        throw err;
      }
    }
  }
  // A batch not ended whose workflow is gone gets it again: the window's state is in Postgres, and
  // its first slice starts again the items handed out but still queued.
  for (const batch of await batchesNeedingWorkflow(db, RECOVERY_MIN_AGE_MS)) {
    report.checked++;
    try {
      await startBatchWorkflow(temporal, config, batch, { reuse: 'reject' });
      report.restarted.push(batch.id);
      logger.warn({ batch_id: batch.id, workflow_id: batch.id }, 'batch had no workflow run (Temporal state lost); started it again');
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
      throw err;
    }
  }
  return report;
}
