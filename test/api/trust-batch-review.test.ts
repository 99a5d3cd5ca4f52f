// Trust loop, review wherever results go (issue 40): a 50-item batch of an extractor with a
// per-field threshold; its NDJSON lines carry each job's confidence, flags and review; its CSV keeps
// the schema's written property order, with job_id, review_status, flagged_paths and failed_rules and (on request)
// confidences; review_counts add up; an approved correction shows in the CSV.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jsonTokens, type RecordedRequest, type ScriptedProvider, type Step } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider } from './job-helpers.js';

// Written as vendor, total, items (and description before amount): Postgres jsonb would give
// items, total, vendor and amount, description.
const SCHEMA = {
  type: 'object',
  properties: {
    vendor: { type: 'string' },
    total: { type: 'number' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } }, required: ['description', 'amount'], additionalProperties: false },
    },
  },
  required: ['vendor', 'total', 'items'],
  additionalProperties: false,
};
const N = 50;
/** Items 49 and 50 fail; every fifth of the others has a doubtful total (0.5 < 0.9): 9 in review. */
const failsAt = (k: number) => k > 48;
const doubtful = (k: number) => k % 5 === 0;
const pad = (k: number) => String(k).padStart(2, '0');

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

function answer(req: RecordedRequest): Step {
  const k = Number(/doc (\d+)/.exec(JSON.stringify(req.body.messages))?.[1] ?? 0);
  if (failsAt(k)) return { kind: 'error', status: 400, body: { error: { message: 'scripted refusal' } } };
  const content = JSON.stringify({ vendor: `V${pad(k)}`, total: 100 + k, items: [{ description: 'bolts', amount: 0.5 }] });
  return { kind: 'content', content, logprobs: jsonTokens(content, (t, isValue) => (isValue && t === String(100 + k) && doubtful(k) ? 0.5 : 0.99)) };
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ batches: true }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/trust-batch', { display_name: 'Batch review', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA, review_thresholds: { '/total': 0.9 } });
  expect(put.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

async function text(path: string): Promise<string> {
  const r = await fetch(`${base}${path}`);
  expect(r.status).toBe(200);
  return r.text();
}
const csvRecords = (body: string) => body.split('\r\n').filter(Boolean).map((l) => l.split(','));

describe('a 50-item batch with review', () => {
  let batchId: string;

  beforeAll(async () => {
    provider.respondWith(answer);
    const inputs = Array.from({ length: N }, (_, i) => ({ custom_id: `c${pad(i + 1)}`, text: `doc ${pad(i + 1)}` }));
    const created = await call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'trust-batch', inputs, concurrency: 8 });
    expect(created.status).toBe(201);
    expect(created.body.review_counts).toEqual({ pending: 0, approved: 0, rejected: 0, not_required: 0 });
    batchId = created.body.id;
    const seen = await pollJob(base, `/v1/batches/${batchId}`, (b: any) => b.status === 'completed', 240_000);
    const batch = seen[seen.length - 1];
    expect(batch.request_counts).toMatchObject({ total: 50, completed: 48, failed: 2 });
    expect(batch.review_counts).toEqual({ pending: 9, approved: 0, rejected: 0, not_required: 39 });
  }, 300_000);

  it('keeps the schema in the order it was written', async () => {
    const extractor = (await call(base, 'GET', '/v1/extractors/trust-batch')).body;
    expect(Object.keys(extractor.schema.properties)).toEqual(['vendor', 'total', 'items']);
    expect(Object.keys(extractor.schema.properties.items.items.properties)).toEqual(['description', 'amount']);
  });

  it('NDJSON lines carry each job\'s confidence, flags and review', async () => {
    const lines = (await text(`/v1/batches/${batchId}/results`)).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(N);
    for (const [i, line] of lines.entries()) {
      const k = i + 1;
      expect(line.custom_id).toBe(`c${pad(k)}`);
      if (failsAt(k)) {
        expect(line).toMatchObject({ status: 'failed', confidence: null, flags: null, review: null });
        continue;
      }
      expect(line.confidence['/total']).toBeCloseTo(doubtful(k) ? 0.5 : 0.99, 6);
      expect(line.confidence['/vendor']).toBeCloseTo(0.99, 6);
      expect(line.flags).toEqual(doubtful(k) ? [{ path: '/total', reasons: ['low_confidence'], confidence: line.confidence['/total'] }] : []);
      expect(line.review).toMatchObject({ status: doubtful(k) ? 'pending' : 'not_required', revision: 1, reviewed_data: line.result.data });
      expect(line.confidence).toEqual(line.result.confidence);
    }
  });

  it('the CSV: written order, job_id, review_status, flagged_paths, confidences; an approved correction replaces the value; review_counts add up', async () => {
    const lines = (await text(`/v1/batches/${batchId}/results`)).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const jobOf = (k: number) => lines[k - 1].job_id as string;
    // Correct item 5's total and approve it; reject item 10.
    const corrected = await call(base, 'PATCH', `/v1/extraction-jobs/${jobOf(5)}/review`, { revision: 1, fields: [{ path: '/total', action: 'correct', value: 555 }] });
    expect(corrected.status).toBe(200);
    expect((await call(base, 'POST', `/v1/extraction-jobs/${jobOf(5)}/review/approve`, { revision: 2 })).status).toBe(200);
    expect((await call(base, 'POST', `/v1/extraction-jobs/${jobOf(10)}/review/reject`, { revision: 1, reason: 'unreadable' })).status).toBe(200);

    const batch = (await call(base, 'GET', `/v1/batches/${batchId}`)).body;
    expect(batch.review_counts).toEqual({ pending: 7, approved: 1, rejected: 1, not_required: 39 });
    const r = batch.review_counts;
    expect(r.pending + r.approved + r.rejected + r.not_required).toBe(batch.request_counts.completed);
    const listed = (await call(base, 'GET', '/v1/batches')).body.find((b: any) => b.id === batchId);
    expect(listed.review_counts).toEqual(batch.review_counts);

    const plain = csvRecords(await text(`/v1/batches/${batchId}/results.csv`));
    expect(plain[0]).toEqual(['custom_id', 'status', 'error_code', 'job_id', 'review_status', 'flagged_paths', 'failed_rules', '/vendor', '/total', '/items/*/description', '/items/*/amount']);
    expect(plain).toHaveLength(N + 1);
    expect(plain[1]).toEqual(['c01', 'completed', '', jobOf(1), 'not_required', '', '', 'V01', '101', 'bolts', '0.5']);
    expect(plain[5]).toEqual(['c05', 'completed', '', jobOf(5), 'approved', '/total', '', 'V05', '555', 'bolts', '0.5']);
    expect(plain[10]).toEqual(['c10', 'completed', '', jobOf(10), 'rejected', '/total', '', 'V10', '110', 'bolts', '0.5']);
    expect(plain[15]).toEqual(['c15', 'completed', '', jobOf(15), 'pending', '/total', '', 'V15', '115', 'bolts', '0.5']);
    expect(plain[49]).toEqual(['c49', 'failed', 'provider_rejected', jobOf(49), '', '', '', '', '', '', '']);

    const withConfidence = csvRecords(await text(`/v1/batches/${batchId}/results.csv?confidence=true`));
    expect(withConfidence[0]!.slice(7)).toEqual(['/vendor', '/vendor__confidence', '/total', '/total__confidence', '/items/*/description', '/items/*/description__confidence', '/items/*/amount', '/items/*/amount__confidence']);
    const row15 = withConfidence[15]!;
    expect(Number(row15[10])).toBeCloseTo(0.5, 6);
    expect(Number(row15[8])).toBeCloseTo(0.99, 6);
    expect(row15[9]).toBe('115');
    expect((await call(base, 'GET', `/v1/batches/${batchId}/results.csv?confidence=maybe`)).status).toBe(422);
  }, 60_000);
});
