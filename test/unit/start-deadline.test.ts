// Starting a job's workflow waits out a busy Temporal server up to the scheduler deadline: transient
// gRPC refusals are tried again, "already started" after a lost answer is a success, anything else
// fails at once, and the last error is given up at the deadline.
import { describe, expect, it } from '@jest/globals';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { isTransientStartError, startWithinDeadline } from '../../src/temporal/start-deadline.js';

const client = { withDeadline: (_deadline: number, fn: () => Promise<unknown>) => fn() } as unknown as Client;
const grpc = (code: number) => Object.assign(new Error(`grpc ${code}`), { code });
const wrapped = (code: number) => Object.assign(new Error('Service error'), { cause: grpc(code) });

describe('startWithinDeadline', () => {
  it('tries again after UNAVAILABLE or DEADLINE_EXCEEDED until the start goes through', async () => {
    const errors = [grpc(14), wrapped(4), grpc(8)];
    let calls = 0;
    await startWithinDeadline(client, 5_000, async () => {
      calls++;
      const err = errors.shift();
      if (err) throw err;
    });
    expect(calls).toBe(4);
  });

  it('takes "already started" after a lost answer as the start it was', async () => {
    let calls = 0;
    await startWithinDeadline(client, 5_000, async () => {
      calls++;
      if (calls === 1) throw grpc(4);
      throw new WorkflowExecutionAlreadyStartedError('started', 'ejob_1', 'extractionJobWorkflow');
    });
    expect(calls).toBe(2);
  });

  it('fails at once on an error a retry cannot fix, and on "already started" at the first attempt', async () => {
    let calls = 0;
    await expect(
      startWithinDeadline(client, 5_000, async () => {
        calls++;
        throw grpc(3); // INVALID_ARGUMENT
      }),
    ).rejects.toThrow('grpc 3');
    expect(calls).toBe(1);
    await expect(
      startWithinDeadline(client, 5_000, async () => {
        throw new WorkflowExecutionAlreadyStartedError('started', 'ejob_1', 'extractionJobWorkflow');
      }),
    ).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);
  });

  it('gives up with the last error at the deadline', async () => {
    const started = Date.now();
    await expect(startWithinDeadline(client, 600, async () => Promise.reject(grpc(14)))).rejects.toThrow('grpc 14');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2_000);
    expect(isTransientStartError(wrapped(14))).toBe(true);
    expect(isTransientStartError(new Error('plain'))).toBe(false);
  });
});
