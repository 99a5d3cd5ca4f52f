// The evaluation run's workflow with mocked activities (issue 38, Deliver 8): a cancel that meets a
// step while it is failing settles the run canceled (HARDENING_EVALUATION_SETTLE_AFTER_FAILED_CANCEL),
// as job runs do since SETTLE_AFTER_FAILED_CANCEL. The step's failure and the cancel reach the
// workflow in one task: the workflow's worker is stopped while the scoring step fails and the
// cancel is requested, then a new one picks the run up (activities run on a worker of their own).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { connectTemporalClient } from '../../src/temporal/client.js';
import type { EvaluationRunInput } from '../../workflows/evaluation-items.js';
import { readHarnessInfo } from '../harness/harness-info.js';

let client: Client;
let connection: NativeConnection;
const harness = () => readHarnessInfo();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  client = await connectTemporalClient(harness().temporalAddress, harness().temporalNamespace);
  connection = await NativeConnection.connect({ address: harness().temporalAddress });
});

afterAll(async () => {
  await connection?.close();
  await client?.connection.close();
});

const workflowWorker = (taskQueue: string) =>
  Worker.create({ connection, namespace: harness().temporalNamespace, taskQueue, workflowBundle: { codePath: harness().workflowBundlePath } });

describe('the evaluation workflow with mocked activities', () => {
  it('a cancel that meets the scoring step while it fails settles the run canceled (it was left canceling)', async () => {
    const taskQueue = `mocked-eval-${randomUUID()}`;
    const events: string[] = [];
    let scoring!: () => void;
    const scoringStarted = new Promise<void>((r) => (scoring = r));
    let fail!: () => void;
    const failNow = new Promise<void>((r) => (fail = r));
    const activityWorker = await Worker.create({
      connection,
      namespace: harness().temporalNamespace,
      taskQueue,
      activities: {
        claimEvaluationRun: async () => ({ itemIds: [], more: false }),
        scoreEvaluationRun: async () => {
          scoring();
          await failNow;
          events.push('scoring failed');
          throw ApplicationFailure.create({ type: 'internal_error', message: 'scoring broke', nonRetryable: true });
        },
        failEvaluationRun: async () => {
          events.push('failed recorded');
          return 'recorded';
        },
        settleStoppedEvaluationRun: async () => {
          events.push('settled');
          return 'canceled';
        },
      },
    });
    const activities = activityWorker.run();
    try {
      const first = await workflowWorker(taskQueue);
      const firstRun = first.run();
      const runId = `evrun_mock_${randomUUID()}`;
      const input: EvaluationRunInput = { runId, concurrency: 1, job: { retry: { initialIntervalMs: 10, maxIntervalMs: 50, timeoutMs: 60_000, windowMs: 60_000 }, pageConcurrency: 1 } };
      const handle = await client.workflow.start('evaluationRunWorkflow', { workflowId: runId, taskQueue, args: [input] });
      await scoringStarted;
      first.shutdown();
      await firstRun;
      // The step fails, then the run is asked to stop: both wait in history for the next workflow task.
      fail();
      for (let i = 0; ; i++) {
        const history = await handle.fetchHistory();
        if (history.events?.some((e) => e.activityTaskFailedEventAttributes)) break;
        if (i > 100) throw new Error('the scoring step did not fail');
        await sleep(100);
      }
      await handle.cancel();
      const second = await workflowWorker(taskQueue);
      const outcome = await second.runUntil(handle.result().then(String, (err: Error) => `error: ${err.message}`));
      expect(events).toEqual(['scoring failed', 'settled']);
      // The run settled canceled and, since ENGINE_EVALUATION_OUTCOME, its workflow closes Canceled
      // too (./run-end.ts), so the Web UI reads true.
      expect(outcome).toBe('error: Workflow execution cancelled');
      expect((await handle.describe()).status.name).toBe('CANCELLED');
    } finally {
      activityWorker.shutdown();
      await activities;
    }
  }, 90_000);
});
