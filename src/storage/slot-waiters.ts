// The in-process side of provider and job slot leases (provider-leases.ts): activities of this
// process waiting for a slot of a lease, oldest first. A release here wakes one waiter, which
// tries again at once instead of at its next poll. One slot was freed, so waking every waiter
// would only send them all to Postgres for one winner (measured: at page concurrency 4 with its
// 2 spare lanes, 223 slot attempts for a 100-page parse, 131 of them failed; 184 and 90 with one
// waiter woken). Releases in other processes are found by each waiter's own polling.
// Fair share between workspaces (issue 42): a release goes round-robin to the workspaces with
// waiters (the one served longest ago first), and within a workspace to its oldest waiter, so one
// workspace's batch cannot keep another's jobs waiting behind its queue. Waiters outside any
// workspace count as one workspace of their own.

interface Waiter {
  wake: () => void;
  workspace: string;
}

const waiting = new Map<string, Waiter[]>();
/** Per slot name: when each workspace was last woken (a counter, not a clock). */
const lastServed = new Map<string, Map<string, number>>();
let served = 0;

/** Wake one waiter for `name`, if any: a slot of it was released in this process. */
export function wakeOneWaiter(name: string): void {
  const queue = waiting.get(name);
  if (!queue || queue.length === 0) return;
  const seen = lastServed.get(name) ?? new Map<string, number>();
  lastServed.set(name, seen);
  // The queue is oldest first: the first waiter of the workspace served longest ago (never: -1).
  let chosen = 0;
  for (let i = 1; i < queue.length; i++) {
    if ((seen.get(queue[i]!.workspace) ?? -1) < (seen.get(queue[chosen]!.workspace) ?? -1)) chosen = i;
  }
  const [next] = queue.splice(chosen, 1);
  if (queue.length === 0) waiting.delete(name);
  seen.set(next!.workspace, ++served);
  // Workspaces with no waiter left are forgotten, so the map stays as small as the waiting workspaces.
  if (seen.size > 64) for (const ws of seen.keys()) if (!waiting.get(name)?.some((w) => w.workspace === ws)) seen.delete(ws);
  next!.wake();
}

/**
 * Resolves when this waiter is woken by a release of `name` or after `ms` (time to poll again);
 * rejects with the signal's reason on abort. A waiter that leaves (timer, abort) leaves the queue,
 * so a release always goes to one still waiting.
 */
export function sleepUntilReleased(name: string, ms: number, signal: AbortSignal, workspace = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const leave = () => {
      clearTimeout(timer);
      const queue = waiting.get(name);
      const at = queue?.findIndex((w) => w.wake === wake) ?? -1;
      if (at >= 0) queue!.splice(at, 1);
      if (queue?.length === 0) waiting.delete(name);
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      leave();
      reject(signal.reason);
    };
    const wake = () => {
      leave();
      resolve();
    };
    const timer = setTimeout(wake, ms);
    const queue = waiting.get(name) ?? [];
    queue.push({ wake, workspace });
    waiting.set(name, queue);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waiters queued for `name` (tests). */
export function waitersFor(name: string): number {
  return waiting.get(name)?.length ?? 0;
}
