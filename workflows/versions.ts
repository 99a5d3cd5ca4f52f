// One version marker for the 0.4 job engine. Every 0.4 change to the job workflows (windows,
// retries by time, waiting for cancellation, local bookkeeping, webhooks) lives behind this one
// marker: a run that started under 0.3 has no marker in its history and replays through
// ./legacy/v03.ts; every new run records the marker and takes the 0.4 path. Later changes to the
// 0.4 path get a marker of their own, checked where they diverge.
export const JOB_ENGINE_V04 = 'job-engine-v0.4';

// A job's webhook deliveries run in a workflow of their own (deliverJobEventWorkflow), started by
// the job's run once the job has ended, so the run closes at once: a receiver that is down keeps
// neither the run open nor a retry of the failed job waiting. Runs without it deliver in the run.
export const WEBHOOKS_CHILD_WORKFLOW = 'webhooks-child-workflow';

/**
 * A document that fits one page window: plan it as a local activity, then extract, validate and
 * record it in one activity (extractSingleWindow) instead of three activities with a server round
 * trip each. Runs without this marker take the path before it, unchanged.
 */
export const EXTRACTION_SINGLE_WINDOW = 'extraction-single-window';

/**
 * Windows and parse pages run with spare lanes (spareLanes) beyond the page concurrency, and each
 * activity is told the job's model slots (the page concurrency): the spare activities render and
 * build their requests while the others are at the model, and send the moment a slot frees, so
 * the model is not idle between one answer and the next request. Requests at the model stay within
 * the page concurrency. Runs without the marker keep one activity per slot, unchanged.
 */
export const MODEL_SLOTS = 'model-slots';

/**
 * The 0.7 job engine (issues 30 and 32): one marker for every change of this release to the job
 * workflows. Runs with it end as their job did (a failed job's run fails with the job's code, a
 * canceled one ends canceled), upsert the job's search attributes as it moves, show their progress
 * in the current details and a summary on every model call, and schedule model calls with a
 * retry policy whose expiration is the retry window. The markers of the 0.4 path
 * (EXTRACTION_SINGLE_WINDOW, MODEL_SLOTS, WEBHOOKS_CHILD_WORKFLOW) are not checked on it: their
 * new behaviour is simply the 0.7 path. It is checked first, so new runs record this one marker;
 * runs without it replay through ./legacy/v04.ts (0.4 to 0.6) or ./legacy/v03.ts (0.3).
 */
export const JOB_ENGINE_V05 = 'job-engine-v0.5';

/**
 * A cancel that reaches a model call while its attempt is failing ends the activity failed, not
 * canceled (Temporal does not retry an activity whose cancel was requested): the run was asked to
 * stop all the same, so it settles the job (canceling → canceled) instead of recording the failure,
 * whose bookkeeping step, scheduled in the cancelled run, was cancelled at once and left the job
 * `canceling` for good. Runs without the marker keep the path before it.
 */
export const SETTLE_AFTER_FAILED_CANCEL = 'settle-after-failed-cancel';

/**
 * Hardening (issue 38): an evaluation run asked to stop while one of its own steps was failing (an
 * activity that ended failed, not canceled, after the cancel) is settled canceled, as job runs do
 * since SETTLE_AFTER_FAILED_CANCEL, instead of recording the failure from a cancelled scope (whose
 * bookkeeping step was cancelled at once, leaving the run `canceling` for good). Runs without the
 * marker keep the path before it.
 */
export const HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL = 'hardening-evaluation-settle-after-failed-cancel';

/**
 * Batch workflows end as their batch did (issue 45): a batch canceled or deleted through the API
 * (which now also asks Temporal to cancel its run) ends its run Canceled, after its slices have
 * stopped the items and settled the row; the run upserts DocextractJobStatus as the batch moves,
 * and each slice carries a summary. Slices run shielded from the cancel: the row, not the cancel,
 * drives the stop. Runs without the marker keep the path before it (they complete with "canceled").
 */
export const ENGINE_BATCH_OUTCOME = 'engine-batch-outcome';

/**
 * Evaluation-run workflows end as their run did (issue 45): Failed when the run failed, Canceled
 * when it was canceled, completed otherwise, and upsert DocextractJobStatus (`running`, then the
 * end) on runs started with the attributes (workflows/run-end.ts). Runs without the marker return
 * the status as a string, as before.
 */
export const ENGINE_EVALUATION_OUTCOME = 'engine-evaluation-outcome';

/**
 * Page extraction ranges (issue 44): a job over pages start..end of its file plans its windows in
 * the file's page numbers (the plan says its first page); the one-window fast path is taken when
 * the single window covers the job's whole range, not only pages 1..n. Runs without the marker
 * compare with pages 1..n, as before (their plans never have a first page other than 1).
 */
export const PACKETS_PAGE_RANGE = 'packets-page-range';

/**
 * Batches that cannot get stuck (issue 38): a slice that fails for good (an error no retry can fix,
 * made non-retryable `internal_error` by activities/unfixable-errors.ts) ends the batch `failed`
 * with the error, its items stopped, and its run Failed, instead of failing the run while the
 * batch's row stays `running` for ever. Runs without the marker keep the path before it.
 */
export const HARDENING_BATCH_FAILURE = 'hardening-batch-failure';

/**
 * Classifier evaluation runs end as their run did, as extractor runs do (ENGINE_EVALUATION_OUTCOME,
 * issue 45): Failed when the run failed, Canceled when it was canceled, completed otherwise, and
 * upsert DocextractJobStatus on runs started with the attributes (the starter now sets them, as an
 * extractor run's does). Runs without the marker return the status as a string, as before.
 */
export const OPERATORS2_CLASSIFIER_EVALUATION_OUTCOME = 'operators2-classifier-evaluation-outcome';
