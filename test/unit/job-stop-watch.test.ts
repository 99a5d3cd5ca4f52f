// The worker's watch over jobs asked to stop (activities/job-stop-watch.ts): one read for every
// watched job per tick, a signal aborted when a job is canceling, deleting, canceled or gone, and
// no read at all once nothing is watched.
import { describe, expect, it } from '@jest/globals';
import { JobStopped, JobStopWatch } from '../../activities/job-stop-watch.js';
import type { JobStatus } from '../../src/domain/job-status.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until `done()` holds, polled every 5 ms (a loaded machine may run a 10 ms timer much later): false after 5 s. */
async function until(done: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await tick(5);
  }
  return true;
}

describe('JobStopWatch', () => {
  it('aborts the signals of a stopped or deleted job, reads all watched jobs at once, and stops reading when nothing is watched', async () => {
    const statuses = new Map<string, JobStatus>([['cjob_a', 'running'], ['cjob_b', 'running'], ['cjob_c', 'running']]);
    const reads: string[][] = [];
    const watch = new JobStopWatch(async (ids) => {
      reads.push([...ids].sort());
      return new Map([...statuses].filter(([id]) => ids.includes(id)));
    }, 10);
    const a1 = watch.watch('cjob_a');
    const a2 = watch.watch('cjob_a');
    const b = watch.watch('cjob_b');
    const c = watch.watch('cjob_c');
    expect(await until(() => reads.length >= 1)).toBe(true);
    expect(reads[0]).toEqual(['cjob_a', 'cjob_b', 'cjob_c']);
    expect([a1, a2, b, c].map((w) => w.signal.aborted)).toEqual([false, false, false, false]);

    statuses.set('cjob_a', 'canceling');
    statuses.delete('cjob_b'); // deleted
    expect(await until(() => a1.signal.aborted && b.signal.aborted)).toBe(true);
    // The next read asks only for the job still watched.
    const before = reads.length;
    expect(await until(() => reads.length > before)).toBe(true);
    expect([a1.signal.aborted, a2.signal.aborted, b.signal.aborted, c.signal.aborted]).toEqual([true, true, true, false]);
    expect(a1.signal.reason).toBeInstanceOf(JobStopped);
    expect((a1.signal.reason as JobStopped).status).toBe('canceling');
    expect((b.signal.reason as JobStopped).status).toBe('deleted');
    expect(reads[reads.length - 1]).toEqual(['cjob_c']);

    c.done();
    a1.done(); // done after the abort is harmless
    await tick(30);
    const count = reads.length;
    await tick(50);
    expect(reads.length).toBe(count);
    expect(watch.size).toBe(0);
  });

  it('keeps watching through a failed read (the database is away)', async () => {
    let fail = true;
    const watch = new JobStopWatch(async () => {
      if (fail) throw new Error('connection refused');
      return new Map<string, JobStatus>([['cjob_x', 'deleting']]);
    }, 10);
    const x = watch.watch('cjob_x');
    await tick(35);
    expect(x.signal.aborted).toBe(false);
    fail = false;
    expect(await until(() => x.signal.aborted)).toBe(true);
    x.done();
  });
});
