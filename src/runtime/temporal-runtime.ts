import { DefaultLogger, Runtime, makeTelemetryFilterString, type LogEntry, type LogLevel } from '@temporalio/worker';
import { types } from 'node:util';
import { pino } from 'pino';
import { isId } from '../domain/ids.js';
import type { Logger } from '../logging.js';
import { workflowTaskFailures } from '../metrics/workflow-tasks.js';
import { ReportedOnce, failingRunKey, isWorkflowTaskFailure } from './workflow-task-failures.js';

/**
 * Configure the Temporal SDK runtime of this process:
 * - its own logs (worker state, bundler output, activity failures) and those of its Rust core go
 *   to our logger as JSON lines; below debug only warnings and errors, since at info level the
 *   bundler prints webpack statistics;
 * - it does not react to SIGINT/SIGTERM itself: the process owner stops things in its own order
 *   (API first, then workers, then the servers they use).
 * Must run before the first worker or native connection is created; later calls are no-ops.
 */
export function installTemporalRuntime(logger: Logger): void {
  const verbose = logger.level === 'debug' || logger.level === 'trace';
  const level: LogLevel = verbose ? (logger.level.toUpperCase() as LogLevel) : 'WARN';
  try {
    Runtime.install({
      shutdownSignals: [],
      logger: new DefaultLogger(level, sdkLogForwarder(logger)),
      // The Rust core would otherwise print its own lines (coloured text) to stderr: forward them
      // to the same logger, so every line of the process is JSON.
      telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: level, other: level }), forward: {} } },
    });
  } catch {
    // Already installed in this process (e.g. several test stacks): keep the first one.
  }
}

/**
 * One SDK log entry as one of our JSON lines. A job's workflow id is the job's id (its deliveries'
 * workflow id starts with it), so entries about a job's workflows or their activities carry job_id
 * and workflow_id like our own job lines do.
 * Most entries name the workflow in meta.workflowId; verbose ones (activations, task details) nest
 * it deeper, where a single job id found in the entry names it.
 */
export function sdkLogForwarder(logger: Logger): (entry: LogEntry) => void {
  const reported = new ReportedOnce();
  return ({ level, message, meta }) => {
    let method = level.toLowerCase() as 'trace' | 'debug' | 'info' | 'warn' | 'error';
    if (isWorkflowTaskFailure(message)) {
      // One error line per run, not one per attempt (Temporal retries the task without end).
      workflowTaskFailures.inc();
      const run = failingRunKey(message, meta);
      if (reported.first(run)) {
        logger.error({ ...workflowFields(meta), run_id: run, temporal: meta }, `workflow task failed; Temporal retries it, further attempts of this run are logged at debug level: ${message}`);
        return;
      }
      method = 'debug';
    }
    logger[method]({ ...workflowFields(meta), temporal: withReadableErrors(meta) }, message);
  };
}

/** An Error of any realm: a workflow's failure comes from its sandbox, where `instanceof Error` is false. */
function isError(value: unknown): value is Error {
  if (value instanceof Error || types.isNativeError(value)) return true;
  const v = value as { message?: unknown; stack?: unknown } | null;
  return typeof v === 'object' && v !== null && typeof v.message === 'string' && typeof v.stack === 'string';
}

/**
 * The SDK's log entries carry the failure of an activity or workflow task as `meta.error`, an Error
 * whose message and stack are not enumerable: as JSON it read `error: {}`. Errors at the top of
 * the entry are written with pino's error serializer (type, message, stack, cause).
 */
export function withReadableErrors(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!meta) return meta;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(meta)) {
    if (isError(value)) (out ??= { ...meta })[key] = pino.stdSerializers.errWithCause(value);
  }
  return out ?? meta;
}

const JOB_ID = /\b[ep]job_[0-9a-hjkmnp-tv-z]{26}\b/g;
const isJobId = (id: string) => isId('extractionJob', id) || isId('parseJob', id);

function workflowFields(meta: Record<string, unknown> | undefined): { job_id?: string; workflow_id?: string } {
  if (!meta) return {};
  if (typeof meta.workflowId === 'string') {
    const id = meta.workflowId;
    // A job's event deliveries run in `<job id>-webhooks-<run id>` (workflows/notify.ts).
    const jobId = id.split('-webhooks-')[0]!;
    return isJobId(jobId) ? { job_id: jobId, workflow_id: id } : { workflow_id: id };
  }
  const found = new Set(safeJson(meta).match(JOB_ID) ?? []);
  if (found.size !== 1) return {};
  const [id] = found as Set<string>;
  return { job_id: id, workflow_id: id };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) ?? '';
  } catch {
    return '';
  }
}
