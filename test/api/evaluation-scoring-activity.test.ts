// The scoring step of an evaluation run (activity scoreEvaluationRun) on real Postgres rows: the
// confidence of each extracted value is read from its job's `result.confidence` (JSON Pointer of
// the extracted data → number or null), so the report's calibration holds every figure computed by
// hand. (The scripted provider of the run tests returns no token probabilities: all unscored there.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createActivities } from '../../activities/index.js';
import { newId } from '../../src/domain/ids.js';
import { createLogger } from '../../src/logging.js';
import { startTestStack, type TestStack } from '../harness/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('scoreEvaluationRun', () => {
  it('reads confidence by the extracted pointer and fills the calibration', async () => {
    const db = stack.db;
    const extractor = await db('extractors').where({ name: 'receipt' }).first();
    const setId = newId('evaluationSet');
    const runId = newId('evaluationRun');
    await db('evaluation_sets').insert({ id: setId, name: `calibration-${Date.now()}`, display_name: 'Calibration' });
    await db('evaluation_runs').insert({
      id: runId,
      set_id: setId,
      extractor_id: extractor.id,
      extractor_snapshot: JSON.stringify({ ...extractor, schema: { type: 'object', properties: {} } }),
      options: JSON.stringify({ fuzzy_fields: [], fuzzy_threshold: 0.9, numeric_tolerance: 0, exclude_fields: [] }),
      status: 'running',
    });
    // item  field   expected  extracted  confidence  judged
    // a     /v        1         1          0.97        right
    // a     /rows/0   x         x          0.55        right   (extracted at /rows/1: rows are paired)
    // a     /rows/1   y         z          0.85        wrong   (extracted at /rows/0)
    // b     /v        2         3          0.92        wrong
    // b     /rows/0   x         x          null        right   (unscored)
    // c     /v        5         -          -           failed job: fn, no extracted value
    const items = [
      { key: 'a', expected: { v: 1, rows: [{ k: 'x' }, { k: 'y' }] }, status: 'completed', result: { data: { v: 1, rows: [{ k: 'z' }, { k: 'x' }] }, confidence: { '/v': 0.97, '/rows/0/k': 0.85, '/rows/1/k': 0.55 } } },
      { key: 'b', expected: { v: 2, rows: [{ k: 'x' }] }, status: 'completed', result: { data: { v: 3, rows: [{ k: 'x' }] }, confidence: { '/v': 0.92, '/rows/0/k': null } } },
      { key: 'c', expected: { v: 5, rows: [] }, status: 'failed', result: null, error: { code: 'provider_rejected', message: 'no' } },
    ];
    for (const [position, item] of items.entries()) {
      const jobId = newId('extractionJob');
      await db('extraction_jobs').insert({
        id: jobId,
        extractor_id: extractor.id,
        extractor_snapshot: JSON.stringify(extractor),
        source_text: item.key,
        status: item.status,
        result: item.result ? JSON.stringify(item.result) : null,
        error: 'error' in item ? JSON.stringify(item.error) : null,
        evaluation_run_id: runId,
      });
      await db('evaluation_run_items').insert({ run_id: runId, item_id: `item-${item.key}`, position, source_text: item.key, expected_output: JSON.stringify(item.expected), job_id: jobId });
    }

    const activities = createActivities({ config: stack.config, db, logger: createLogger('silent', 'test') });
    await expect(activities.scoreEvaluationRun(runId)).resolves.toBe('recorded');
    // A second attempt finds the run completed and changes nothing.
    await expect(activities.scoreEvaluationRun(runId)).resolves.toBe('not_running');

    const run = await db('evaluation_runs').where({ id: runId }).first();
    expect(run.status).toBe('completed');
    const report = run.report;
    // tp: a/v, a/rows/0, b/rows/0 = 3; fp: a/rows/1, b/v = 2; fn: a/rows/1, b/v, c/v = 3.
    expect(report.overall).toMatchObject({ n: 6, tp: 3, fp: 2, fn: 3, tn: 0 });
    expect(report.items[0].mismatches).toEqual([{ path: '/rows/1/k', expected: 'y', extracted: 'z', confidence: 0.85 }]);
    expect(report.items[1].mismatches).toEqual([{ path: '/v', expected: 2, extracted: 3, confidence: 0.92 }]);
    expect(report.items[2]).toMatchObject({ status: 'failed', accuracy: 0, error: { code: 'provider_rejected', message: 'no' } });
    expect(report.calibration).toEqual({
      buckets: [
        { min: 0, max: 0.5, n: 0, accuracy: null },
        { min: 0.5, max: 0.8, n: 1, accuracy: 1 },
        { min: 0.8, max: 0.9, n: 1, accuracy: 0 },
        { min: 0.9, max: 0.95, n: 1, accuracy: 0 },
        { min: 0.95, max: 1, n: 1, accuracy: 1 },
      ],
      // Recall against every expected value: tp + fn = 6.
      thresholds: [
        { threshold: 0.5, precision: 2 / 4, recall: 2 / 6 },
        { threshold: 0.8, precision: 1 / 3, recall: 1 / 6 },
        { threshold: 0.9, precision: 1 / 2, recall: 1 / 6 },
        { threshold: 0.95, precision: 1, recall: 1 / 6 },
      ],
      unscored: 1,
    });
    // The judged leaves are kept per item for comparisons.
    const leaves = await db('evaluation_run_items').where({ run_id: runId }).orderBy('position').pluck('scored_leaves');
    expect(leaves[0]).toEqual([
      { path: '/v', expected: 1, extracted: 1, right: true },
      { path: '/rows/0/k', expected: 'x', extracted: 'x', right: true },
      { path: '/rows/1/k', expected: 'y', extracted: 'z', right: false },
    ]);
  });
});
