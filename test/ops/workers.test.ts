// Several workers beside one API (docs/deployment.md): a worker whose SERVICE_SECRET_KEY is not the
// API's refuses to start with a message saying so (instead of taking jobs and failing them with
// provider_key_unreadable), and SERVICE_WORKER_IDENTITY names a worker in Temporal and in its logs.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../api/job-helpers.js';
import { startTestStack, type TestStack, type WorkerProcess } from '../harness/stack.js';

let stack: TestStack;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  // No in-process worker: the workers here are processes of their own, as `npm run start:worker` runs them.
  stack = await startTestStack({ batches: true, worker: false });
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await stack?.close();
}, 60_000);

describe('a worker run apart', () => {
  it('refuses to start, saying why, when its SERVICE_SECRET_KEY is not the API’s', async () => {
    const started = stack.startWorkerProcess({ env: { SERVICE_SECRET_KEY: 'another-deployment-secret-0123456789' }, readyTimeoutMs: 60_000 });
    await expect(started).rejects.toThrow(/did not start \(exited\)/);
    const output = String(await started.catch((err: Error) => err.message));
    expect(output).toContain(`Worker refused to start: This worker's SERVICE_SECRET_KEY is not the one the API serving task queue`);
    expect(output).toContain(stack.taskQueue);
    expect(output).toContain('Give every API and worker process the same SERVICE_SECRET_KEY');
    // It never polled: nothing of it in Temporal.
    const pollers = await pollerIdentities();
    expect(pollers.filter((p) => !p.includes('@'))).toEqual([]);
  }, 120_000);

  it('with the API’s key starts, and SERVICE_WORKER_IDENTITY names it in Temporal and in its logs', async () => {
    const worker = await stack.startWorkerProcess({ env: { SERVICE_WORKER_IDENTITY: 'worker-blue' }, readyTimeoutMs: 60_000 });
    workers.push(worker);
    const polling = worker
      .output()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'worker polling');
    expect(polling).toMatchObject({ worker_identity: 'worker-blue', identity: 'worker-blue' });
    // Temporal lists it by that name among the pollers of both task queues.
    await eventually(async () => ((await pollerIdentities()).includes('worker-blue') ? true : undefined), 30_000);
    // Each queue's pollers show once that queue's first poll reached the server: ask again until then.
    await eventually(async () => ((await pollerIdentities(`${stack.taskQueue}-batch`)).includes('worker-blue') ? true : undefined), 30_000);
  }, 120_000);
});

/** Identities of the workers that polled a task queue (its workflow tasks) recently. */
async function pollerIdentities(taskQueue = stack.taskQueue): Promise<string[]> {
  const described = await stack.temporal.workflowService.describeTaskQueue({
    namespace: stack.config.temporal.namespace,
    taskQueue: { name: taskQueue },
    taskQueueType: 1, // workflow
  });
  return (described.pollers ?? []).map((p) => p.identity ?? '');
}
