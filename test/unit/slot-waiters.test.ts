// In-process slot waiters (src/storage/slot-waiters.ts): a release wakes exactly one waiter, the
// oldest; a waiter that timed out or was aborted leaves the queue, so a release never goes to one
// that no longer waits.
import { describe, expect, it } from '@jest/globals';
import { sleepUntilReleased, waitersFor, wakeOneWaiter } from '../../src/storage/slot-waiters.js';

/** Which of the given promises have settled (after pending callbacks ran). */
async function settled(promises: Array<Promise<unknown>>): Promise<boolean[]> {
  const state = promises.map(() => false);
  promises.forEach((p, i) => void p.then(() => (state[i] = true), () => (state[i] = true)));
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('slot waiters', () => {
  it('one release wakes the oldest waiter only', async () => {
    const name = 'lease-a';
    const never = new AbortController().signal;
    const waits = [sleepUntilReleased(name, 60_000, never), sleepUntilReleased(name, 60_000, never), sleepUntilReleased(name, 60_000, never)];
    expect(waitersFor(name)).toBe(3);
    wakeOneWaiter(name);
    expect(await settled(waits)).toEqual([true, false, false]);
    wakeOneWaiter(name);
    expect(await settled(waits)).toEqual([true, true, false]);
    expect(waitersFor(name)).toBe(1);
    wakeOneWaiter(name);
    await Promise.all(waits);
    expect(waitersFor(name)).toBe(0);
    wakeOneWaiter(name); // nobody waits: nothing happens
  });

  it('releases go round-robin between workspaces with waiters, oldest first within each (issue 42)', async () => {
    const name = 'lease-fair';
    const never = new AbortController().signal;
    // Workspace A queued four (a batch), then B one (an interactive job).
    const a = [0, 1, 2, 3].map(() => sleepUntilReleased(name, 60_000, never, 'ws_a'));
    const b = sleepUntilReleased(name, 60_000, never, 'ws_b');
    wakeOneWaiter(name); // neither served yet: the oldest waiter, A's first
    expect(await settled([...a, b])).toEqual([true, false, false, false, false]);
    wakeOneWaiter(name); // A was served, B not: B goes next, ahead of A's three older waiters
    expect(await settled([...a, b])).toEqual([true, false, false, false, true]);
    wakeOneWaiter(name); // only A waits
    expect(await settled(a)).toEqual([true, true, false, false]);
    const b2 = sleepUntilReleased(name, 60_000, never, 'ws_b');
    wakeOneWaiter(name); // B was served longer ago than A: B again
    expect(await settled([...a, b2])).toEqual([true, true, false, false, true]);
    wakeOneWaiter(name);
    wakeOneWaiter(name);
    await Promise.all(a);
    expect(waitersFor(name)).toBe(0);
  });

  it('releases of another lease wake nobody here', async () => {
    const never = new AbortController().signal;
    const wait = sleepUntilReleased('lease-b', 60_000, never);
    wakeOneWaiter('lease-c');
    expect(await settled([wait])).toEqual([false]);
    wakeOneWaiter('lease-b');
    await wait;
  });

  it('an aborted waiter leaves the queue and the next release goes to the one still waiting', async () => {
    const name = 'lease-d';
    const stop = new AbortController();
    const aborted = sleepUntilReleased(name, 60_000, stop.signal);
    const other = sleepUntilReleased(name, 60_000, new AbortController().signal);
    stop.abort(new Error('canceled'));
    await expect(aborted).rejects.toThrow('canceled');
    expect(waitersFor(name)).toBe(1);
    wakeOneWaiter(name);
    await other;
    expect(waitersFor(name)).toBe(0);
  });

  it('a waiter whose time is up leaves the queue (it polls Postgres again)', async () => {
    const name = 'lease-e';
    await sleepUntilReleased(name, 5, new AbortController().signal);
    expect(waitersFor(name)).toBe(0);
  });

  it('an already aborted signal rejects at once without queueing', async () => {
    const stop = new AbortController();
    stop.abort(new Error('gone'));
    await expect(sleepUntilReleased('lease-f', 60_000, stop.signal)).rejects.toThrow('gone');
    expect(waitersFor('lease-f')).toBe(0);
  });
});
