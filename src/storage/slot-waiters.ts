// The in-process side of provider and job slot leases (provider-leases.ts): activities of this
// process waiting for a slot of a lease, oldest first. A release here wakes one waiter, which
// tries again at once instead of at its next poll. One slot was freed, so waking every waiter
// would only send them all to Postgres for one winner (measured: at page concurrency 4 with its
// 2 spare lanes, 223 slot attempts for a 100-page parse, 131 of them failed; 184 and 90 with one
// waiter woken). Releases in other processes are found by each waiter's own polling.

const waiting = new Map<string, Array<() => void>>();

/** Wake the oldest waiter for `name`, if any: a slot of it was released in this process. */
export function wakeOneWaiter(name: string): void {
  const queue = waiting.get(name);
  const next = queue?.shift();
  if (queue?.length === 0) waiting.delete(name);
  next?.();
}

/**
 * Resolves when this waiter is woken by a release of `name` or after `ms` (time to poll again);
 * rejects with the signal's reason on abort. A waiter that leaves (timer, abort) leaves the queue,
 * so a release always goes to one still waiting.
 */
export function sleepUntilReleased(name: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const leave = () => {
      clearTimeout(timer);
      const queue = waiting.get(name);
      const at = queue?.indexOf(wake) ?? -1;
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
    queue.push(wake);
    waiting.set(name, queue);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waiters queued for `name` (tests). */
export function waitersFor(name: string): number {
  return waiting.get(name)?.length ?? 0;
}
