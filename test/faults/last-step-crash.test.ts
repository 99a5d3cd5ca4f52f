// No activity outlives its worker (issue 48, deliver 1): a worker killed with SIGKILL inside the
// last step of each workflow (an extraction's merge and record, a classification's result and
// routing, the scoring of an extractor's and of a classifier's evaluation run, a candidate's
// judgement, a parse job's completion, a batch's last slice) leaves nothing `running` for long: a
// second worker ends every one of them within 60 s of the kill. Before, the finishing, scoring and
// judging steps had a 10-minute start-to-close timeout and no heartbeat timeout, so the dead
// worker's attempt was retried only after 600 s.
//
// How the last step is held: a trigger (installed by this test, on this test's database) makes the
// row's final transition (status → completed, passed) wait for an advisory lock the test holds. Once
// all seven steps wait there, a second worker starts, the first is SIGKILLed, and the database
// sessions the dead worker left waiting are ended (as Postgres does once it notices the closed
// connection), so none of them can complete a step after its worker died. Then the lock is let go.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { makePdf } from '../fixtures/documents.js';
import { classificationPage, classificationStep, type ScriptedProvider, type Step } from '../harness/scripted-provider.js';
import type { TestStack, WorkerProcess } from '../harness/stack.js';
import { call, eventually, startStackWithProvider, upload } from '../api/job-helpers.js';

const HOLD_KEY = 4848;
const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let holder: pg.Client | undefined;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  // One page per window: a two-page PDF's extraction ends with its own merge-and-record step.
  ({ stack, provider } = await startStackWithProvider({ batches: true, worker: false, env: { SERVICE_EXTRACTION_WINDOW_PAGES: '1', SERVICE_RENDER_DPI: '40' } }));
  base = stack.url;
}, 180_000);

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await holder?.end().catch(() => {});
  await stack?.close();
  await provider?.close();
});

/** The final transition of every row named in hold_for_test waits for the test's advisory lock. */
async function installHold(db: pg.Client): Promise<void> {
  await db.query('CREATE TABLE hold_for_test (id text PRIMARY KEY)');
  await db.query(`CREATE FUNCTION hold_final_transition() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM hold_for_test WHERE id = NEW.id) THEN PERFORM pg_advisory_xact_lock(${HOLD_KEY}); END IF;
      RETURN NEW;
    END $$`);
  for (const table of ['extraction_jobs', 'classification_jobs', 'parse_jobs', 'evaluation_runs', 'batches']) {
    await db.query(`CREATE TRIGGER hold_final BEFORE UPDATE ON ${table} FOR EACH ROW
      WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed') EXECUTE FUNCTION hold_final_transition()`);
  }
  await db.query(`CREATE TRIGGER hold_final BEFORE UPDATE ON extractor_candidates FOR EACH ROW
    WHEN (NEW.status IN ('passed', 'regressed') AND OLD.status = 'running') EXECUTE FUNCTION hold_final_transition()`);
}

/** Database sessions waiting for the test's lock. */
async function waiters(db: pg.Client): Promise<number[]> {
  const r = await db.query(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [HOLD_KEY]);
  return r.rows.map((row) => Number(row.pid));
}

describe('a worker killed inside a workflow’s last step', () => {
  it('every workflow ends within 60 s on a second worker', async () => {
    holder = new pg.Client({ connectionString: stack.config.databaseUrl });
    await holder.connect();
    await installHold(holder);

    // Every model answer waits for `open` until the test has named the rows to hold.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    provider.respondWith(async (r): Promise<Step> => {
      await opened;
      return classificationPage(r) ? classificationStep(r) : { kind: 'content', content: JSON.stringify({ title: 'T' }) };
    });

    expect((await call(base, 'PUT', '/v1/extractors/last-step', { display_name: 'Last step', instructions: 'The title.', model: 'generic-vision-model', schema: SCHEMA })).status).toBe(201);
    const classes = [{ name: 'invoice', description: 'An invoice.' }, { name: 'letter', description: 'A letter.' }];
    expect((await call(base, 'PUT', '/v1/classifiers/last-step', { display_name: 'Last step', model: 'generic-vision-model', classes })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'last-step', display_name: 'Last step' })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets/last-step/items', { text: 'Doc 1.', expected_output: { title: 'T' } })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'last-step-packets', display_name: 'Last step packets' })).status).toBe(201);
    const segments = [{ class: 'invoice', pages: { start: 1, end: 1 } }];
    expect((await call(base, 'POST', '/v1/evaluation-sets/last-step-packets/items', { text: 'class: invoice starts: yes', expected_segments: segments })).status).toBe(201);
    expect((await call(base, 'PATCH', '/v1/extractors/last-step', { evaluation_set: 'last-step' })).status).toBe(200);
    const twoPages = (await upload(base, makePdf(['Title one', 'Title two'], { fontSize: 24 }), 'two.pdf', 'application/pdf')).body.id;
    const onePage = (await upload(base, makePdf(['Only page'], { fontSize: 24 }), 'one.pdf', 'application/pdf')).body.id;

    const first = await stack.startWorkerProcess({ readyTimeoutMs: 120_000 });
    workers.push(first);
    const created = async (path: string, body: unknown): Promise<string> => {
      const r = await call(base, 'POST', path, body);
      expect(r.status).toBe(201);
      return r.body.id as string;
    };
    const work: Record<string, { path: string; ended: string }> = {
      extraction: { path: `/v1/extraction-jobs/${await created('/v1/extraction-jobs', { extractor_name: 'last-step', file_id: twoPages })}`, ended: 'completed' },
      classification: { path: `/v1/classification-jobs/${await created('/v1/classification-jobs', { classifier_name: 'last-step', text: 'class: invoice starts: yes', mode: 'split' })}`, ended: 'completed' },
      parse: { path: `/v1/parse-jobs/${await created('/v1/parse-jobs', { file_id: onePage })}`, ended: 'completed' },
      evaluation: { path: `/v1/evaluation-runs/${await created('/v1/evaluation-runs', { evaluation_set: 'last-step', extractor_name: 'last-step' })}`, ended: 'completed' },
      'classifier evaluation': { path: `/v1/evaluation-runs/${await created('/v1/evaluation-runs', { evaluation_set: 'last-step-packets', classifier_name: 'last-step' })}`, ended: 'completed' },
      candidate: { path: `/v1/extractors/last-step/candidates/${await created('/v1/extractors/last-step/candidates', { changes: { instructions: 'The title, please.' } })}`, ended: 'passed' },
      batch: { path: `/v1/batches/${await created('/v1/batches', { kind: 'extraction', extractor_name: 'last-step', inputs: [{ custom_id: 'a', text: 'Doc a.' }] })}`, ended: 'completed' },
    };
    for (const { path } of Object.values(work)) await holder.query('INSERT INTO hold_for_test (id) VALUES ($1)', [path.split('/').pop()]);
    await holder.query('SELECT pg_advisory_lock($1)', [HOLD_KEY]);
    open();

    // All seven last steps are waiting on the first worker.
    const held = await eventually(async () => {
      const pids = await waiters(holder!);
      return pids.length === Object.keys(work).length ? pids : undefined;
    }, 180_000);
    for (const { path } of Object.values(work)) {
      const now = (await call(base, 'GET', path)).body;
      expect(['running']).toContain(now.status);
    }

    const second = await stack.startWorkerProcess({ readyTimeoutMs: 120_000 });
    workers.push(second);
    first.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    for (const pid of held) await holder.query('SELECT pg_terminate_backend($1)', [pid]);
    // Those sessions are gone (a retried attempt on the second worker may wait in their place: it
    // gets the lock next).
    await eventually(async () => {
      const alive = await holder!.query('SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[])', [held]);
      return alive.rows.length === 0 ? true : undefined;
    }, 30_000);
    await holder.query('SELECT pg_advisory_unlock($1)', [HOLD_KEY]);

    // The deadline of this wait is the point: every step's lost attempt moves to the second worker
    // within its heartbeat timeout (20 s), not after a 10-minute start-to-close timeout.
    const statuses = async () => Object.fromEntries(await Promise.all(Object.entries(work).map(async ([name, w]) => [name, (await call(base, 'GET', w.path)).body.status])));
    const expected = Object.fromEntries(Object.entries(work).map(([name, w]) => [name, w.ended]));
    let last: Record<string, string> = {};
    await eventually(async () => {
      last = await statuses();
      return JSON.stringify(last) === JSON.stringify(expected) ? true : undefined;
    }, 60_000).catch(() => {
      throw new Error(`not ended within 60 s of the kill: ${JSON.stringify(last)}`);
    });
    expect(last).toEqual(expected);
  }, 600_000);
});
