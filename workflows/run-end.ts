import { ApplicationFailure, CancellationScope, CancelledFailure, setCurrentDetails, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { JOB_KIND, JOB_STATUS } from '../src/temporal/search-attributes.js';

// How a batch's or an evaluation run's workflow shows its status and ends (issue 45), as job runs
// do (./job-run.ts): DocextractJobStatus upserted as the work moves (only on runs started with the
// attributes: an upsert of an attribute the server lacks would fail every workflow task), and the
// run closing as the work ended, so the Web UI and `temporal workflow list` read true.

/** Upsert the status attribute (when the run has the attributes) and show it as current details. */
export function showRunStatus(status: string): void {
  const attrs = workflowInfo().typedSearchAttributes;
  if (attrs.get(JOB_KIND) !== undefined && attrs.get(JOB_STATUS) !== status) upsertSearchAttributes([{ key: JOB_STATUS, value: status }]);
  setCurrentDetails(status);
}

/**
 * End the run as its work ended: `failed` fails it (non-retryable, type `<what>_failed`; the row
 * holds the reason), `canceled` or `deleted` after a cancel of the run ends it Canceled, anything
 * else completes it with the status. Work stopped without a cancel reaching the run (Temporal was
 * unreachable when it was asked) completes with its status, as before.
 */
export function endRunAs(what: 'batch' | 'evaluation_run', status: string): string {
  showRunStatus(status);
  if (status === 'failed') throw ApplicationFailure.create({ type: `${what}_failed`, message: `The ${what.replace('_', ' ')} failed`, nonRetryable: true });
  if ((status === 'canceled' || status === 'deleted') && CancellationScope.current().consideredCancelled) {
    throw new CancelledFailure(`The ${what.replace('_', ' ')} was ${status}`);
  }
  return status;
}
