// Rules on extractors (issue 51) through the real API, Temporal and Postgres, with the scripted
// model: rules are stored and versioned with the extractor and refused (422 invalid_rules) when they
// do not fit its schema; a failed rule flags its values `rule:<id>` and sends the job to review
// without any threshold; a correction that makes it pass clears those flags; batches, webhooks and
// evaluation reports carry the outcomes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { RecordedRequest, ScriptedProvider, Step } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { forJob, startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { call, pollJob, startStackWithProvider } from './job-helpers.js';

const SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: ['string', 'null'] },
    issue_date: { type: ['string', 'null'] },
    due_date: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } }, required: ['description', 'amount'], additionalProperties: false },
    },
    total: { type: ['number', 'null'] },
  },
  required: ['invoice_number', 'issue_date', 'due_date', 'items', 'total'],
  additionalProperties: false,
};

const RULES = [
  { id: 'total-adds-up', kind: 'sum', items: '/items/*/amount', equals: '/total' },
  { id: 'number-format', kind: 'regex', path: '/invoice_number', pattern: '^INV-\\d+$' },
  { id: 'due-after-issue', kind: 'date_order', before: '/issue_date', after: '/due_date' },
];

const items = [
  { description: 'bolts', amount: 10 },
  { description: 'nuts', amount: 20.5 },
];
/** The model's answer for each document, by the key in its text ("doc <key>"). */
const ANSWERS: Record<string, unknown> = {
  good: { invoice_number: 'INV-1', issue_date: '2024-03-01', due_date: '31.03.2024', items, total: 30.5 },
  'bad-sum': { invoice_number: 'INV-2', issue_date: '1 March 2024', due_date: 'March 31, 2024', items, total: 40 },
  'no-total': { invoice_number: 'INV-3', issue_date: null, due_date: null, items, total: null },
};

let stack: TestStack;
let provider: ScriptedProvider;
let receiver: WebhookReceiver;
let base: string;

function answer(req: RecordedRequest): Step {
  const key = /doc ([a-z-]+)/.exec(JSON.stringify(req.body.messages))?.[1] ?? 'good';
  return { kind: 'content', content: JSON.stringify(ANSWERS[key]) };
}

async function runJob(text: string, extractor = 'ruled'): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: extractor, text });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 60_000);
  return seen[seen.length - 1];
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    batches: true,
    env: { SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true', SERVICE_WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '500', SERVICE_WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000' },
  }));
  base = stack.url;
  receiver = await startWebhookReceiver();
  const put = await call(base, 'PUT', '/v1/extractors/ruled', { display_name: 'Ruled', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA, rules: RULES });
  expect(put.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  await receiver?.close();
});

beforeEach(() => {
  provider.reset();
  provider.respondWith(answer);
});

describe('rules on extractors', () => {
  it('are returned with the extractor and versioned with it', async () => {
    const got = (await call(base, 'GET', '/v1/extractors/ruled')).body;
    expect(got.rules).toEqual(RULES);
    const plain = await call(base, 'PUT', '/v1/extractors/unruled', { display_name: 'Unruled', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA });
    expect(plain.body.rules).toEqual([]);
    const v1 = plain.body.version;
    const patched = await call(base, 'PATCH', '/v1/extractors/unruled', { rules: [{ id: 'has-total', kind: 'required', path: '/total' }] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ version: v1 + 1, rules: [{ id: 'has-total', kind: 'required', path: '/total' }] });
    // The same rules again are no change.
    const same = await call(base, 'PATCH', '/v1/extractors/unruled', { rules: [{ id: 'has-total', kind: 'required', path: '/total' }] });
    expect(same.body.version).toBe(v1 + 1);
    const cleared = await call(base, 'PATCH', '/v1/extractors/unruled', { rules: null });
    expect(cleared.body).toMatchObject({ version: v1 + 2, rules: [] });
  });

  it('are refused with 422 invalid_rules for an unknown kind, a pointer outside the schema, a bad pattern, a repeated id or more than 50', async () => {
    const put = (rules: unknown) => call(base, 'PUT', '/v1/extractors/refused', { display_name: 'Refused', instructions: 'Extract.', model: 'generic-model', schema: SCHEMA, rules });
    const unknown = await put([{ id: 'checksum', kind: 'luhn', path: '/invoice_number' }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('invalid_rules');
    expect(unknown.body.detail.errors).toEqual([{ index: 0, rule: 'checksum', reason: expect.stringContaining('unknown kind "luhn"') }]);
    const outside = await put([RULES[0], { id: 'grand', kind: 'sum', items: '/items/*/amount', equals: '/grand_total' }]);
    expect(outside.status).toBe(422);
    expect(outside.body.code).toBe('invalid_rules');
    expect(outside.body.detail.errors).toEqual([{ index: 1, rule: 'grand', reason: expect.stringContaining("'/grand_total' does not name a field of the schema") }]);
    expect(outside.body.detail.message).toContain("rule 'grand'");
    const badPattern = await put([{ id: 'p', kind: 'regex', path: '/invoice_number', pattern: '(' }]);
    expect([badPattern.status, badPattern.body.code]).toEqual([422, 'invalid_rules']);
    const twice = await put([RULES[0], RULES[0]]);
    expect([twice.status, twice.body.detail.errors[0].reason]).toEqual([422, "the id 'total-adds-up' is used by an earlier rule"]);
    const many = await put(Array.from({ length: 51 }, (_, i) => ({ id: `r${i}`, kind: 'required', path: '/total' })));
    expect([many.status, many.body.code]).toEqual([422, 'invalid_rules']);
    expect((await call(base, 'GET', '/v1/extractors/refused')).status).toBe(404);
    // A new schema that drops a field a stored rule names is refused too; the extractor is unchanged.
    const before = (await call(base, 'GET', '/v1/extractors/ruled')).body;
    const { total: _t, ...properties } = SCHEMA.properties;
    const dropped = await call(base, 'PATCH', '/v1/extractors/ruled', { schema: { ...SCHEMA, properties, required: SCHEMA.required.filter((r) => r !== 'total') } });
    expect([dropped.status, dropped.body.code]).toEqual([422, 'invalid_rules']);
    expect((await call(base, 'GET', '/v1/extractors/ruled')).body.version).toBe(before.version);
  });
});

describe('evaluated after every extraction', () => {
  let endpointId: string;
  beforeAll(async () => {
    const r = await call(base, 'POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['extraction_job.completed'] });
    expect(r.status).toBe(201);
    endpointId = r.body.id;
  });
  afterAll(async () => {
    await call(base, 'DELETE', `/v1/webhook-endpoints/${endpointId}`);
  });

  it('passing rules flag nothing and ask for no review', async () => {
    const job = await runJob('doc good');
    expect(job.status).toBe('completed');
    expect(job.result.rule_results).toEqual([
      { id: 'total-adds-up', kind: 'sum', passed: true, paths: ['/items/0/amount', '/items/1/amount', '/total'], message: expect.any(String) },
      { id: 'number-format', kind: 'regex', passed: true, paths: ['/invoice_number'], message: expect.any(String) },
      { id: 'due-after-issue', kind: 'date_order', passed: true, paths: ['/issue_date', '/due_date'], message: expect.any(String) },
    ]);
    expect(job.result.flags).toEqual([]);
    expect(job.review).toBeNull();
  }, 90_000);

  it('a sum that does not add up flags the total and the items with rule:<id> and sends the job to review; the webhook carries rule_results', async () => {
    const job = await runJob('doc bad-sum');
    expect(job.status).toBe('completed');
    const sum = job.result.rule_results.find((r: any) => r.id === 'total-adds-up');
    expect(sum).toEqual({
      id: 'total-adds-up',
      kind: 'sum',
      passed: false,
      paths: ['/items/0/amount', '/items/1/amount', '/total'],
      message: 'the 2 values of /items/*/amount add up to 30.5, but /total is 40 (off by 9.5, tolerance 0.01)',
    });
    // The dates, each in its own format, are in order.
    expect(job.result.rule_results.find((r: any) => r.id === 'due-after-issue').passed).toBe(true);
    expect(job.result.flags).toEqual([
      { path: '/items/0/amount', reasons: ['rule:total-adds-up'], confidence: null },
      { path: '/items/1/amount', reasons: ['rule:total-adds-up'], confidence: null },
      { path: '/total', reasons: ['rule:total-adds-up'], confidence: null },
    ]);
    // No review_threshold on the extractor, and still in review.
    expect(job.review).toMatchObject({ status: 'pending', revision: 1 });

    const [hook] = await receiver.waitFor((all) => all.some(forJob(job.id)), 60_000).then((all) => all.filter(forJob(job.id)));
    const payload = JSON.parse(hook!.body);
    expect(payload.type).toBe('extraction_job.completed');
    expect(payload.data.rule_results).toEqual(job.result.rule_results);
    expect(payload.data.result).toBeUndefined();
  }, 90_000);

  it('a correction that makes the rule pass clears its flags; one that makes it fail flags again', async () => {
    const job = await runJob('doc bad-sum');
    const path = `/v1/extraction-jobs/${job.id}`;
    // Correcting one item to make the lines add up to 40 clears every flag of the rule.
    const fixed = await call(base, 'PATCH', `${path}/review`, { revision: 1, fields: [{ path: '/items/1/amount', action: 'correct', value: 30 }] });
    expect(fixed.status).toBe(200);
    expect(fixed.body.result.flags).toEqual([]);
    expect(fixed.body.result.rule_results.find((r: any) => r.id === 'total-adds-up')).toMatchObject({ passed: true });
    expect(fixed.body.result.data.items[1].amount).toBe(20.5); // the model's answer is kept
    // Correcting the total away from the sum flags the rule's values again.
    const broken = await call(base, 'PATCH', `${path}/review`, { revision: 2, fields: [{ path: '/total', action: 'correct', value: 41 }] });
    expect(broken.body.result.flags.map((f: any) => [f.path, f.reasons])).toEqual([
      ['/items/0/amount', ['rule:total-adds-up']],
      ['/items/1/amount', ['rule:total-adds-up']],
      ['/total', ['rule:total-adds-up']],
    ]);
    const back = await call(base, 'PATCH', `${path}/review`, { revision: 3, fields: [{ path: '/total', action: 'correct', value: 40 }] });
    expect(back.body.result.flags).toEqual([]);
    const approved = await call(base, 'POST', `${path}/review/approve`, { revision: 4 });
    expect(approved.status).toBe(200);
    expect(approved.body.review).toMatchObject({ status: 'approved', reviewed_data: { total: 40, items: [{ amount: 10 }, { amount: 30 }] } });
  }, 90_000);
});

describe('batches and evaluation', () => {
  it('the NDJSON lines carry rule_results, the CSV failed_rules, review_counts count the failed', async () => {
    const inputs = ['good', 'bad-sum', 'no-total'].map((k) => ({ custom_id: k, text: `doc ${k}` }));
    const created = await call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'ruled', inputs });
    expect(created.status).toBe(201);
    const seen = await pollJob(base, `/v1/batches/${created.body.id}`, (b: any) => b.status === 'completed', 120_000);
    const batch = seen[seen.length - 1];
    expect(batch.request_counts).toMatchObject({ total: 3, completed: 3 });
    expect(batch.review_counts).toEqual({ pending: 1, approved: 0, rejected: 0, not_required: 2 });

    const ndjson = await (await fetch(`${base}/v1/batches/${created.body.id}/results`)).text();
    const lines = ndjson.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const byId = Object.fromEntries(lines.map((l) => [l.custom_id, l]));
    expect(byId['bad-sum'].rule_results.map((r: any) => [r.id, r.passed])).toEqual([['total-adds-up', false], ['number-format', true], ['due-after-issue', true]]);
    expect(byId['no-total'].rule_results.map((r: any) => [r.id, r.passed])).toEqual([['total-adds-up', null], ['number-format', true], ['due-after-issue', null]]);

    const csv = (await (await fetch(`${base}/v1/batches/${created.body.id}/results.csv`)).text()).split('\r\n').filter(Boolean).map((l) => l.split(','));
    const header = csv[0]!;
    expect(header.slice(0, 7)).toEqual(['custom_id', 'status', 'error_code', 'job_id', 'review_status', 'flagged_paths', 'failed_rules']);
    // One row per item of the list: the failed rule on each of the bad item's rows.
    const failed = (id: string) => [...new Set(csv.slice(1).filter((r) => r[0] === id).map((r) => r[header.indexOf('failed_rules')]))];
    expect(failed('bad-sum')).toEqual(['total-adds-up']);
    expect(failed('good')).toEqual(['']);
    expect(failed('no-total')).toEqual(['']);
  }, 180_000);

  it('evaluation reports give each rule its pass rate', async () => {
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'ruled-set', display_name: 'Ruled' })).status).toBe(201);
    for (const k of ['good', 'bad-sum', 'no-total', 'good']) {
      const item = await call(base, 'POST', '/v1/evaluation-sets/ruled-set/items', { text: `doc ${k}`, expected_output: ANSWERS[k] });
      expect(item.status).toBe(201);
    }
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'ruled-set', extractor_name: 'ruled' });
    expect(created.status).toBe(201);
    const seen = await pollJob(base, `/v1/evaluation-runs/${created.body.id}`, undefined, 120_000);
    const run = seen[seen.length - 1];
    expect(run.status).toBe('completed');
    expect(run.report.rules).toEqual([
      { id: 'total-adds-up', kind: 'sum', passed: 2, failed: 1, not_applicable: 1, pass_rate: 0.666667 },
      { id: 'number-format', kind: 'regex', passed: 4, failed: 0, not_applicable: 0, pass_rate: 1 },
      { id: 'due-after-issue', kind: 'date_order', passed: 3, failed: 0, not_applicable: 1, pass_rate: 1 },
    ]);
  }, 180_000);
});
