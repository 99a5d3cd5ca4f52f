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
