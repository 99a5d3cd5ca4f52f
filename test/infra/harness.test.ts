// Proves the harness runs on real infrastructure: a workflow on the real Temporal server through the
// stack's worker, the seeded fresh database, and the real API over HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PROVIDER_NAMES } from '../../src/domain/prebuilt.js';
import { getJson } from '../harness/http.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

describe('test harness', () => {
  it('runs a workflow on the real Temporal server through the stack worker', async () => {
    const result = await stack.temporal.workflow.execute('pingWorkflow', {
      taskQueue: stack.taskQueue,
      workflowId: `ping-${stack.taskQueue}`,
      args: ['hello'],
      workflowExecutionTimeout: '30 seconds',
    });
    expect(result).toBe('pong: hello');
    const history = await stack.temporal.workflow.getHandle(`ping-${stack.taskQueue}`).fetchHistory();
    // A real server keeps the history: the activity was scheduled and completed on our queue.
    const kinds = history.events?.map((e) => Object.keys(e).find((k) => k.endsWith('EventAttributes'))) ?? [];
    expect(kinds).toContain('activityTaskCompletedEventAttributes');
  });

  it('gives every stack its own task queue and configures the API with it', async () => {
    const other = await startTestStack({ worker: false });
    try {
      expect(other.taskQueue).not.toBe(stack.taskQueue);
      expect(stack.config.temporal.taskQueue).toBe(stack.taskQueue);
    } finally {
      await other.close();
    }
  });

  it('uses a fresh database, migrated and seeded', async () => {
    const { rows } = await stack.db.raw('select current_database() as name');
    expect(rows[0].name).toMatch(/^docextract_test_/);
    const providers = await stack.db('providers').select('name').orderBy('name');
    expect(providers.map((p) => p.name)).toEqual([...PROVIDER_NAMES].sort());
    const extractors = await stack.db('extractors').where({ source: 'prebuilt' }).select('name');
    const parsers = await stack.db('parsers').where({ source: 'prebuilt' }).select('name');
    expect(extractors.map((e) => e.name)).toEqual(['receipt']);
    expect(parsers.map((p) => p.name)).toEqual(['document-to-markdown']);
  });

  it('serves health, readiness and the OpenAPI document over real HTTP', async () => {
    expect(stack.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await getJson(stack.url, '/healthz');
    expect(health.status).toBe(200);
    const ready = await getJson(stack.url, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', temporal: 'ok' });
    const openapi = await fetch(`${stack.url}/openapi.yaml`);
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get('content-type')).toMatch(/^application\/(yaml|x-yaml)/);
    expect(await openapi.text()).toMatch(/^openapi: 3\./m);
  });

  it('runs a worker in a child process that a test can kill', async () => {
    await stack.stopWorker();
    const child = await stack.startWorkerProcess();
    try {
      const result = await stack.temporal.workflow.execute('pingWorkflow', {
        taskQueue: stack.taskQueue,
        workflowId: `ping-child-${stack.taskQueue}`,
        args: ['from a child'],
        workflowExecutionTimeout: '30 seconds',
      });
      expect(result).toBe('pong: from a child');
      child.kill('SIGKILL');
      expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await child.stop();
      await stack.startWorker();
    }
  });
});
