import { ApplicationFailure, CancellationScope, CancelledFailure, setCurrentDetails, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { JobKind } from '../src/domain/job-status.js';
import { JOB_KIND, JOB_STATUS, PAGES_DONE } from '../src/temporal/search-attributes.js';
import { startEventDelivery } from './notify.js';
import type { JobEnd } from './types.js';

/**
 * What operators see of a running job in the Temporal Web UI: its status and pages done as search
 * attributes, and a line of current details. The attributes are upserted only when the run
 * started with them: the API sets them at start only where the server has them registered, and an
 * upsert of an unknown attribute would fail every workflow task of the run.
 */
export class JobView {
  private readonly registered = workflowInfo().typedSearchAttributes.get(JOB_KIND) !== undefined;
  private status = 'queued';
  private pagesTotal: number | undefined;
  private pagesDone = 0;

  /** The job was claimed: running, `done` of `pagesTotal` pages already stored by an earlier run. */
  running(pagesTotal: number, done = 0): void {
    this.pagesTotal = pagesTotal;
    this.pagesDone = done;
    this.upsert('running', done);
    this.describe();
  }

  /** `pages` more pages stored. */
  stored(pages: number): void {
    this.pagesDone += pages;
    this.upsert(this.status, this.pagesDone);
    this.describe();
  }

  ended(status: string): void {
    this.upsert(status, this.pagesDone);
    setCurrentDetails(status);
  }

  private describe(): void {
    const of = this.pagesTotal === undefined ? '' : ` · ${this.pagesDone} of ${this.pagesTotal} pages done`;
    setCurrentDetails(`${this.status}${of}`);
  }

  private upsert(status: string, pagesDone: number): void {
    const changed = status !== this.status;
    this.status = status;
    if (!this.registered) return;
    upsertSearchAttributes(changed ? [{ key: JOB_STATUS, value: status }, { key: PAGES_DONE, value: pagesDone }] : [{ key: PAGES_DONE, value: pagesDone }]);
  }
}

/**
 * A job's run since JOB_ENGINE_V05: run its steps, send its event, then end the run as the job
 * ended, so the Web UI reads true: a failed job's run fails (non-retryable, type = the job's error
 * code, message = its message, after the row is recorded), a canceled or deleted job's run ends
 * canceled, a completed one completes. A job stopped without a cancel reaching its run (Temporal
 * was unreachable when it was asked) completes with its status, as runs did before.
 */
export async function runJob(kind: JobKind, jobId: string, steps: (view: JobView) => Promise<JobEnd>): Promise<string> {
  const view = new JobView();
  const end = await steps(view);
  view.ended(end.status);
  await startEventDelivery(kind, jobId, end.status);
  if (end.status === 'failed' && end.error) {
    throw ApplicationFailure.create({ type: end.error.code, message: end.error.message, nonRetryable: true });
  }
  if ((end.status === 'canceled' || end.status === 'deleted') && CancellationScope.current().consideredCancelled) {
    throw new CancelledFailure(`The job was ${end.status}`);
  }
  return end.status;
}

/** "page 12" or "pages 17–24". */
export function pagesLabel(first: number, last: number): string {
  return first === last ? `page ${first}` : `pages ${first}–${last}`;
}
