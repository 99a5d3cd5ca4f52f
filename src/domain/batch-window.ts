// Interactive first (issue 38): how many items a batch may keep in flight right now. While jobs
// created on their own (interactive: an API or CLI caller waits for them) are queued or running,
// the batch's window shrinks to SERVICE_BATCH_CONCURRENCY_WHILE_INTERACTIVE, so the worker's CPU
// (rendering, validation) and the model's slots go to them first; it grows back once they ended.
// Items already in flight finish; only new hand-outs wait.

/** Interactive jobs created longer ago than this no longer shrink a batch's window (one stuck for good would hold every batch back). */
export const INTERACTIVE_RECENT_MS = 10 * 60_000;

export function batchWindow(concurrency: number, interactiveActive: number, whileInteractive: number): number {
  return interactiveActive > 0 ? Math.min(concurrency, whileInteractive) : concurrency;
}

/**
 * Fair share between workspaces (issue 42): while batches of more than one workspace run, the
 * batch queue's activity slots (`slots`, SERVICE_BATCH_WORKER_ACTIVITIES) are split evenly between
 * the workspaces with running batches, and a workspace's share between its own batches, so a
 * workspace with many batches cannot crowd out another's one. With one workspace's batches only,
 * the window is as it was.
 */
export function fairShareWindow(window: number, slots: number, running: ReadonlyArray<{ workspace_id: string; n: number }>, own: string): number {
  if (running.length <= 1) return window;
  const mine = Math.max(1, running.find((r) => r.workspace_id === own)?.n ?? 1);
  return Math.min(window, Math.max(1, Math.floor(slots / running.length / mine)));
}
