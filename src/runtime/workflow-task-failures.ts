// A workflow task that fails is retried by Temporal for as long as the run is open, and the SDK
// logs every attempt (core: "Failing workflow task", "[TMPRL1103] …" for a payload over the limit):
// hundreds of lines a minute for one run. This keeps one error line per run, counts every attempt
// (docextract_workflow_task_failures_total), and leaves the repeats at debug level.

/** Whether an SDK log entry reports a failed workflow task attempt. */
export function isWorkflowTaskFailure(message: string): boolean {
  return /Failing workflow task|\[TMPRL1103\]|Workflow task failed/i.test(message);
}

const RUN_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

/**
 * The run an entry is about: its run id (in the fields or the message), else its workflow id;
 * for an entry that names neither, its message without numbers and the current minute (so such
 * lines are reported at most once a minute, not once per attempt).
 */
export function failingRunKey(message: string, meta: Record<string, unknown> | undefined, now = Date.now()): string {
  for (const field of ['run_id', 'runId', 'workflowRunId']) {
    const v = meta?.[field];
    if (typeof v === 'string' && v) return v;
  }
  const inMessage = message.match(RUN_ID)?.[0] ?? JSON.stringify(meta ?? {}).match(RUN_ID)?.[0];
  if (inMessage) return inMessage;
  if (typeof meta?.workflowId === 'string') return meta.workflowId;
  return `${message.replace(/\d+/g, '#')} @${Math.floor(now / 60_000)}`;
}

/** Remembers the runs already reported (the most recent `capacity`), so each is reported once. */
export class ReportedOnce {
  private readonly seen = new Set<string>();
  constructor(private readonly capacity = 10_000) {}

  /** True the first time `key` is seen. */
  first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.values().next().value as string);
    return true;
  }
}
