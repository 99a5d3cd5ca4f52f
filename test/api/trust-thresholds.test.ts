// Trust loop, thresholds (issue 40): extractors' `version` and `review_thresholds`, and thresholds
// chosen from a 12-item evaluation run whose confidences are scripted, every figure computed by
// hand below at two targets; `apply` writes them, and the next job flags exactly the values below
// their new thresholds.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jsonTokens, type RecordedRequest, type ScriptedProvider, type Step } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider } from './job-helpers.js';

const SCHEMA = {
  type: 'object',
  properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['merchant', 'total'],
  additionalProperties: false,
};

/**
 * Receipt k: the merchant's and the total's confidence, and whether each answer is right.
 * Item 11's total comes back null (no value, so not counted); item 12 fails.
 */
const PLAN: Record<number, { m: [number, boolean]; t: [number, boolean] | null }> = {
  1: { m: [0.99, true], t: [0.99, true] },
  2: { m: [0.97, true], t: [0.6, true] },
  3: { m: [0.95, true], t: [0.98, true] },
  4: { m: [0.93, false], t: [0.97, true] },
  5: { m: [0.9, true], t: [0.96, false] },
  6: { m: [0.88, true], t: [0.95, true] },
  7: { m: [0.85, true], t: [0.94, true] },
  8: { m: [0.8, false], t: [0.9, true] },
  9: { m: [0.7, true], t: [0.92, true] },
  10: { m: [0.6, false], t: [0.5, false] },
  11: { m: [0.5, false], t: null },
};

const expectedOf = (k: number) => ({ merchant: `Shop ${k}`, total: 10 * k });
const receiptOf = (req: RecordedRequest) => Number(/R(\d\d)\./.exec(JSON.stringify(req.body.messages))?.[1] ?? 0);

/** An answer whose value tokens carry the given probabilities (punctuation and keys certain). */
function answer(merchant: string | null, mp: number, total: number | null, tp: number): Step {
  const content = JSON.stringify({ merchant, total });
  const probability = (token: string, isValue: boolean) => (!isValue ? 0.999 : token === merchant ? mp : token === String(total) ? tp : 0.999);
  return { kind: 'content', content, logprobs: jsonTokens(content, probability), delayMs: 100 };
}

function receiptAnswer(k: number): Step {
  const plan = PLAN[k];
  if (!plan) return { kind: 'error', status: 400 };
  const e = expectedOf(k);
  const merchant = plan.m[1] ? e.merchant : `Other ${k}`;
  const total = plan.t === null ? null : plan.t[1] ? e.total : 1000 + k;
  return answer(merchant, plan.m[0], total, plan.t?.[0] ?? 0.999);
}

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_EVALUATION_CONCURRENCY: '3' } }));
  base = stack.url;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('extractor version and review_thresholds', () => {
  it('starts at version 1 and grows by one with every change, not with a change to nothing', async () => {
    const def = { display_name: 'Versioned', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA };
    const created = await call(base, 'PUT', '/v1/extractors/trust-versioned', def);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: 1, review_thresholds: null });
    const same = await call(base, 'PUT', '/v1/extractors/trust-versioned', def);
    expect(same.body.version).toBe(1);
    const replaced = await call(base, 'PUT', '/v1/extractors/trust-versioned', { ...def, review_thresholds: { '/total': 0.9 } });
    expect(replaced.body).toMatchObject({ version: 2, review_thresholds: { '/total': 0.9 } });
    const patched = await call(base, 'PATCH', '/v1/extractors/trust-versioned', { review_thresholds: { '/merchant': 0.5, '/items/*/amount': null } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ version: 3, review_thresholds: { '/merchant': 0.5, '/items/*/amount': null } });
    const noop = await call(base, 'PATCH', '/v1/extractors/trust-versioned', { instructions: 'Extract.' });
    expect(noop.body.version).toBe(3);
    expect((await call(base, 'GET', '/v1/extractors/trust-versioned')).body.version).toBe(3);
    const list = await call(base, 'GET', '/v1/extractors');
    expect(list.body.find((e: any) => e.name === 'trust-versioned').version).toBe(3);
    const receipt = await call(base, 'GET', '/v1/extractors/receipt');
    expect(receipt.body).toMatchObject({ version: 1, review_thresholds: null });
  });

  it('refuses a threshold outside [0, 1] or a path that is not a JSON Pointer (422)', async () => {
    for (const review_thresholds of [{ '/total': 1.5 }, { total: 0.5 }, { '/total': 'high' }, ['/total']]) {
      const r = await call(base, 'PATCH', '/v1/extractors/trust-versioned', { review_thresholds });
      expect(r.status).toBe(422);
    }
  });
});

describe('thresholds from a 12-item evaluation run', () => {
  let runId: string;

  beforeAll(async () => {
    const put = await call(base, 'PUT', '/v1/extractors/trust-receipt', { display_name: 'Receipt', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA });
    expect(put.body.version).toBe(1);
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'trust-12', display_name: 'Twelve' })).status).toBe(201);
    for (let k = 1; k <= 12; k++) {
      const text = `Receipt R${String(k).padStart(2, '0')}. Shop ${k}, total ${10 * k}`;
      expect((await call(base, 'POST', '/v1/evaluation-sets/trust-12/items', { text, expected_output: expectedOf(k) })).status).toBe(201);
    }
    provider.respondWith((req) => receiptAnswer(receiptOf(req)));
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'trust-12', extractor_name: 'trust-receipt' });
    expect(created.status).toBe(201);
    runId = created.body.id;
    // Not completed yet: nothing to choose from.
    const early = await call(base, 'POST', `/v1/evaluation-runs/${runId}/thresholds`, { target_precision: 0.8 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('evaluation_run_not_completed');
    const seen = await pollJob(base, `/v1/evaluation-runs/${runId}`, undefined, 120_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    expect(seen[seen.length - 1].extractor_snapshot.version).toBe(1);
  }, 180_000);

  it('answers every figure at target 0.8', async () => {
    const r = await call(base, 'POST', `/v1/evaluation-runs/${runId}/thresholds`, { target_precision: 0.8 });
    expect(r.status).toBe(200);
    // /merchant, descending: .99✓ .97✓ .95✓ .93✗ .9✓ .88✓ .85✓ .8✗ .7✓ .6✗ .5✗ → the shares at
    // or above each: 1, 1, 1, 3/4, 4/5, 5/6, 6/7, 6/8, 7/9, 7/10, 7/11. The smallest c with ≥ 0.8: 0.85.
    // /total (item 11's null left out), descending: .99✓ .98✓ .97✓ .96✗ .95✓ .94✓ .92✓ .9✓ .6✓ .5✗
    // → 1, 1, 1, 3/4, 4/5, 5/6, 6/7, 7/8, 8/9, 8/10: at 0.5 the share is 8/10 = 0.8 ≥ 0.8.
    expect(Object.keys(r.body.fields).sort()).toEqual(['/merchant', '/total']);
    expectField(r.body.fields['/merchant'], { threshold: 0.85, precision: 6 / 7, auto_accept_share: 7 / 11, n: 11 });
    expectField(r.body.fields['/total'], { threshold: 0.5, precision: 8 / 10, auto_accept_share: 1, n: 10 });
    // Untouched: items 1–7 (merchant ≥ 0.85, total ≥ 0.5); 8–11 are held by their merchant; 12 failed.
    expect(r.body.straight_through_rate).toBeCloseTo(7 / 12, 10);
    expect(r.body.items_total).toBe(12);
    expect(r.body.target_precision).toBe(0.8);
    expect(r.body.applied_version).toBeNull();
    // Asking changes nothing.
    expect((await call(base, 'GET', '/v1/extractors/trust-receipt')).body).toMatchObject({ version: 1, review_thresholds: null });
  });

  it('answers every figure at target 0.95', async () => {
    const r = await call(base, 'POST', `/v1/evaluation-runs/${runId}/thresholds`, { target_precision: 0.95 });
    // /merchant: only the prefix .99 .97 .95 is all right (3/3); below it 3/4 and never ≥ 0.95 again.
    // /total: .99 .98 .97 (3/3); then 3/4, 4/5, …, 8/9 ≈ 0.889, 8/10: none ≥ 0.95.
    expectField(r.body.fields['/merchant'], { threshold: 0.95, precision: 1, auto_accept_share: 3 / 11, n: 11 });
    expectField(r.body.fields['/total'], { threshold: 0.97, precision: 1, auto_accept_share: 3 / 10, n: 10 });
    // Untouched: item 1 (.99/.99) and item 3 (.95/.98); item 2's total is 0.6.
    expect(r.body.straight_through_rate).toBeCloseTo(2 / 12, 10);
    expect(r.body.items_total).toBe(12);
  });

  it('refuses a target outside (0, 1] (422)', async () => {
    for (const target_precision of [0, 1.01, -1, '0.9']) {
      expect((await call(base, 'POST', `/v1/evaluation-runs/${runId}/thresholds`, { target_precision })).status).toBe(422);
    }
    expect((await call(base, 'POST', '/v1/evaluation-runs/evrun_01jqz8m4x5v6w7y8z9a0b1c2d3/thresholds', { target_precision: 0.9 })).status).toBe(404);
  });

  it('applies them as a new version; the next job flags exactly the values below them; a second apply is 409 extractor_changed', async () => {
    const applied = await call(base, 'POST', `/v1/evaluation-runs/${runId}/thresholds`, { target_precision: 0.8, apply: true });
    expect(applied.status).toBe(200);
    expect(applied.body.applied_version).toBe(2);
    const extractor = (await call(base, 'GET', '/v1/extractors/trust-receipt')).body;
    expect(extractor.version).toBe(2);
    expect(Object.keys(extractor.review_thresholds).sort()).toEqual(['/merchant', '/total']);
    expect(extractor.review_thresholds['/merchant']).toBeCloseTo(0.85, 6);
    expect(extractor.review_thresholds['/total']).toBeCloseTo(0.5, 6);
    expect(extractor.review_threshold).toBeNull();

    // The merchant at 0.84 is below its 0.85; the total at 0.55 is above its 0.5.
    provider.respondWith(() => answer('Shop 1', 0.84, 10, 0.55));
    const first = await runJob('Receipt R01. Shop 1, total 10');
    expect(first.result.flags).toEqual([{ path: '/merchant', reasons: ['low_confidence'], confidence: expect.any(Number) }]);
    expect(first.review.status).toBe('pending');
    // The other way round: only the total is flagged.
    provider.respondWith(() => answer('Shop 1', 0.9, 10, 0.45));
    const second = await runJob('Receipt R01. Shop 1, total 10');
    expect(second.result.flags.map((f: any) => f.path)).toEqual(['/total']);
    // Both above: in review's terms nothing to look at.
    provider.respondWith(() => answer('Shop 1', 0.9, 10, 0.9));
    const third = await runJob('Receipt R01. Shop 1, total 10');
    expect(third.result.flags).toEqual([]);
    expect(third.review.status).toBe('not_required');

    const again = await call(base, 'POST', `/v1/evaluation-runs/${runId}/thresholds`, { target_precision: 0.95, apply: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('extractor_changed');
    expect((await call(base, 'GET', '/v1/extractors/trust-receipt')).body.version).toBe(2);
  }, 120_000);
});

function expectField(actual: any, expected: { threshold: number; precision: number; auto_accept_share: number; n: number }): void {
  expect(actual.threshold).toBeCloseTo(expected.threshold, 6);
  expect(actual.precision).toBeCloseTo(expected.precision, 10);
  expect(actual.auto_accept_share).toBeCloseTo(expected.auto_accept_share, 10);
  expect(actual.n).toBe(expected.n);
}

async function runJob(text: string): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'trust-receipt', text });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 60_000);
  const job = seen[seen.length - 1];
  expect(job.status).toBe('completed');
  return job;
}
