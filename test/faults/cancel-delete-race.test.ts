import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, eventually, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

// 50 jobs created at once while cancels and deletes race with their completions: every job ends
// in exactly one terminal state or is gone, no row is left canceling/deleting, and no workflow
// is left running.

const JOBS = 50;
const TERMINAL = ['completed', 'failed', 'canceled'];
const SCHEMA = {
  type: 'object',
  properties: { n: { type: ['integer', 'null'] } },
  required: ['n'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: { SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200', SERVICE_PROVIDER_MAX_ATTEMPTS: '3' },
  }));
  base = stack.url;
  expect(
    (await call(base, 'PUT', '/v1/extractors/race', { display_name: 'Race', instructions: 'Count.', model: 'race-model', schema: SCHEMA }))
      .status,
  ).toBe(201);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

/** Deterministic pseudo-random numbers (mulberry32), so a failing interleaving can be rerun. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Action = 'none' | 'cancel' | 'delete' | 'cancel+delete';

describe('cancels and deletes racing with completions', () => {
  it('leaves every job in exactly one final state or gone, and no workflow running', async () => {
    const seed = Number(process.env.RACE_SEED || 20240601);
    const random = rng(seed);
    // Answers arrive after 0-400 ms and cancels/deletes after 0-1500 ms, so some jobs finish before
    // their cancel or delete and others are stopped mid-request.
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ n: 1 }), delayMs: Math.floor(random() * 400) }));

    const plan = Array.from({ length: JOBS }, (_, i) => {
      const r = random();
      const action: Action = r < 0.25 ? 'none' : r < 0.5 ? 'cancel' : r < 0.75 ? 'delete' : 'cancel+delete';
      // A few act only once the job has completed, so the "already finished" answers are always covered.
      const after = random() < 0.2;
      return { i, action, after, delayMs: Math.floor(random() * 1500) };
    });

    const outcomes = await Promise.all(
      plan.map(async ({ i, action, after, delayMs }) => {
        const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'race', text: `n=${i}` });
        if (created.status !== 201) throw new Error(`create ${i}: ${created.status} ${JSON.stringify(created.body)}`);
        const id: string = created.body.id;
        const path = `/v1/extraction-jobs/${id}`;
        if (after && action !== 'none') await pollJob(base, path, undefined, 60_000);
        else await new Promise((r) => setTimeout(r, delayMs));
        const answers: Array<{ op: string; status: number; body: any }> = [];
        if (action === 'cancel' || action === 'cancel+delete') {
          const r = await call(base, 'POST', `${path}/cancel`);
          answers.push({ op: 'cancel', status: r.status, body: r.body });
        }
        if (action === 'delete' || action === 'cancel+delete') {
          const r = await call(base, 'DELETE', path);
          answers.push({ op: 'delete', status: r.status, body: r.body });
        }
        return { id, action, answers };
      }),
    );

    // Every cancel and delete got a clean answer.
    for (const { id, answers } of outcomes) {
      for (const a of answers) {
        const ok = a.op === 'cancel' ? [200] : [202, 204];
        if (!ok.includes(a.status)) throw new Error(`${a.op} ${id}: ${a.status} ${JSON.stringify(a.body)}`);
        if (a.op === 'cancel') expect(['canceling', 'canceled', 'completed', 'failed']).toContain(a.body.status);
      }
    }

    const ids = outcomes.map((o) => o.id);
    // Wait until nothing is in flight any more, then look at every job once.
    await eventually(async () => {
      const busy = await stack.db('extraction_jobs').whereIn('id', ids).whereNotIn('status', TERMINAL).count({ n: '*' }).first();
      return Number(busy!.n) === 0 ? true : undefined;
    }, 60_000);

    const rows = new Map<string, string>(
      (await stack.db('extraction_jobs').whereIn('id', ids).select('id', 'status')).map((r) => [r.id, r.status]),
    );
    const tally: Record<string, number> = {};
    for (const { id, action } of outcomes) {
      const status = rows.get(id) ?? 'gone';
      tally[`${action}:${status}`] = (tally[`${action}:${status}`] ?? 0) + 1;
      const api = await call(base, 'GET', `/v1/extraction-jobs/${id}`);
      if (action === 'delete' || action === 'cancel+delete') {
        expect({ id, status }).toEqual({ id, status: 'gone' });
        expect(api.status).toBe(404);
      } else {
        expect(api.status).toBe(200);
        expect(api.body.status).toBe(status);
        // Untouched jobs complete; cancelled ones are canceled, or completed if the answer won the race.
        expect(action === 'none' ? ['completed'] : ['canceled', 'completed']).toContain(status);
        if (status === 'completed') expect(api.body.result.data).toEqual({ n: 1 });
        else expect(api.body.result).toBeNull();
      }
    }
    // The mix really raced: cancels won and lost, and deletes met both running and finished jobs.
    expect(tally['none:completed']).toBeGreaterThan(0);
    expect(tally['cancel:canceled']).toBeGreaterThan(0);
    expect(tally['cancel:completed']).toBeGreaterThan(0);
    const deletes = outcomes.flatMap((o) => o.answers.filter((a) => a.op === 'delete').map((a) => a.status));
    expect(deletes).toContain(202);
    expect(deletes).toContain(204);

    // No workflow is left running for any job, whatever happened to its row.
    for (const id of ids) {
      const desc = await eventually(async () => {
        const d = await stack.temporal.workflow.getHandle(id).describe();
        return d.status.name === 'RUNNING' ? undefined : d;
      }, 20_000);
      // A job that completed: its run completed; one canceled or deleted: its run was canceled.
      expect(['COMPLETED', 'CANCELLED']).toContain(desc.status.name);
    }
    const running = [];
    for await (const wf of stack.temporal.workflow.list({ query: `ExecutionStatus="Running" AND TaskQueue="${stack.taskQueue}"` })) {
      running.push(wf.workflowId);
    }
    expect(running).toEqual([]);
    // Show the interleaving that was exercised, for the test log.
    if (process.env.TEST_LOG_LEVEL) console.log(`seed ${seed}`, tally);
  }, 120_000);
});
