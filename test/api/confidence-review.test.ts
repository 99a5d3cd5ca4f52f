// Confidence of extracted values from the model's token probabilities, the flags beside them, and
// the review of flagged jobs (issue 33), through the real API, Temporal and Postgres, with the
// scripted provider streaming chosen token probabilities.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { makePdf } from '../fixtures/documents.js';
import { jsonTokens, type RecordedRequest, type ScriptedProvider, type ScriptedToken } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

const SIMPLE = {
  type: 'object',
  properties: { name: { type: 'string' }, total: { type: ['number', 'null'] } },
  required: ['name', 'total'],
  additionalProperties: false,
};

const INVOICE = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    customer: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, amount: { type: 'number' } },
        required: ['description', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['invoice_number', 'customer', 'items'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let receiver: WebhookReceiver;
let base: string;
const endpointIds: string[] = [];

async function putExtractor(name: string, body: Record<string, unknown>) {
  const r = await call(base, 'PUT', `/v1/extractors/${name}`, { display_name: name, instructions: 'Extract.', ...body });
  expect([200, 201]).toContain(r.status);
  return r.body;
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: {
      SERVICE_PAGE_CONCURRENCY: '4',
      SERVICE_RENDER_DPI: '40',
      SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true',
      SERVICE_WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '500',
      SERVICE_WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
    },
  }));
  base = stack.url;
  receiver = await startWebhookReceiver();
  await putExtractor('trust-plain', { model: 'generic-model', schema: SIMPLE });
  const reviewed = await putExtractor('trust-review', { model: 'generic-model', schema: SIMPLE, review_threshold: 0.8 });
  expect(reviewed.review_threshold).toBe(0.8);
  // A model of its own: the refusal of logprobs is remembered per provider and model.
  await putExtractor('trust-refusing', { model: 'model-without-logprobs', schema: SIMPLE });
  await putExtractor('trust-invoice', { model: 'generic-vision-model', schema: INVOICE });
  await putExtractor('trust-invoice-review', { model: 'generic-vision-model', schema: INVOICE, review_threshold: 0.5 });
}, 120_000);

afterAll(async () => {
  for (const id of endpointIds) await call(base, 'DELETE', `/v1/webhook-endpoints/${id}`).catch(() => {});
  await stack?.close();
  await provider?.close();
  await receiver?.close();
});

beforeEach(() => {
  provider.reset();
  receiver.received.length = 0;
});

async function runJob(body: Record<string, unknown>, timeoutMs = 60_000): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', body);
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, timeoutMs);
  return seen[seen.length - 1];
}

const tok = (token: string, p: number): ScriptedToken => ({ token, logprob: Math.log(p) });

/** `{"name": "<name>", "total": <total>}` with the name's and the total's tokens at the given probabilities. */
function simpleAnswer(nameTokens: Array<[string, number]>, total: [string, number]): { content: string; logprobs: ScriptedToken[] } {
  const logprobs = [tok('{"name": "', 0.99), ...nameTokens.map(([t, p]) => tok(t, p)), tok('", "total": ', 0.99), tok(total[0], total[1]), tok('}', 0.99)];
  return { content: logprobs.map((t) => t.token).join(''), logprobs };
}

describe('confidence from token probabilities', () => {
  it('is the lowest probability among the tokens of the value (0.9, 0.4, 0.95 → 0.4), and the request asks for them', async () => {
    provider.enqueue({ kind: 'content', ...simpleAnswer([['Ac', 0.9], ['me Co', 0.4], ['rp', 0.95]], ['12.5', 0.97]) });
    const job = await runJob({ extractor_name: 'trust-plain', text: 'Acme Corp, total 12.50' });
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual({ name: 'Acme Corp', total: 12.5 });
    expect(job.result.confidence['/name']).toBeCloseTo(0.4, 3);
    expect(job.result.confidence['/total']).toBeCloseTo(0.97, 3);
    expect(Object.keys(job.result.confidence).sort()).toEqual(['/name', '/total']);
    expect(provider.requests[0]!.body).toMatchObject({ logprobs: true, top_logprobs: 5, stream: true });
    // No threshold on the extractor: no review, and no low_confidence flag.
    expect(job.review).toBeNull();
    expect(job.result.flags).toEqual([]);
  }, 90_000);

  it('ignores improbable punctuation and keys: certain value tokens give ≥ 0.99', async () => {
    const content = JSON.stringify({ name: 'Acme', total: 7 });
    provider.enqueue({ kind: 'content', content, logprobs: jsonTokens(content, (_t, isValue) => (isValue ? 0.999 : 0.02)) });
    const job = await runJob({ extractor_name: 'trust-plain', text: 'Acme, total 7' });
    expect(job.status).toBe('completed');
    expect(job.result.confidence['/name']).toBeGreaterThanOrEqual(0.99);
    expect(job.result.confidence['/total']).toBeGreaterThanOrEqual(0.99);
  }, 90_000);

  it('is null when the provider streams no token probabilities', async () => {
    provider.enqueue({ kind: 'content', content: JSON.stringify({ name: 'Acme', total: null }) });
    const job = await runJob({ extractor_name: 'trust-plain', text: 'Acme' });
    expect(job.status).toBe('completed');
    expect(job.result.confidence).toBeNull();
    // Flags other than low_confidence do not need probabilities: the required total is null.
    expect(job.result.flags).toEqual([{ path: '/total', reasons: ['required_missing'], confidence: null }]);
    expect(job.review).toBeNull();
  }, 90_000);

  it('asks once more without logprobs when the provider refuses them, remembers that, and completes', async () => {
    provider.setRejectLogprobs(true);
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ name: 'Acme', total: 3 }) }));
    const first = await runJob({ extractor_name: 'trust-refusing', text: 'Acme, 3' });
    expect(first.status).toBe('completed');
    expect(first.result.data).toEqual({ name: 'Acme', total: 3 });
    expect(first.result.confidence).toBeNull();
    expect(provider.requests.map((r) => 'logprobs' in r.body)).toEqual([true, false]);
    // The next job of the same provider and model goes without them at once.
    const second = await runJob({ extractor_name: 'trust-refusing', text: 'Acme, 3' });
    expect(second.status).toBe('completed');
    expect(provider.requests.map((r) => 'logprobs' in r.body)).toEqual([true, false, false]);
  }, 90_000);
});

/** The window a request holds ("pages 9–16 of 40"). */
function windowOf(r: RecordedRequest): { first: number; last: number } | null {
  const m = /holds pages? (\d+)(?:–(\d+))? of (\d+)/.exec(JSON.stringify(r.body.messages));
  return m ? { first: Number(m[1]), last: Number(m[2] ?? m[1]) } : null;
}

async function uploadPdf(bytes: Buffer, name: string): Promise<string> {
  const file = await upload(base, bytes, name, 'application/pdf');
  expect(file.status).toBe(201);
  return file.body.id;
}

describe('a long document in windows', () => {
  const PAGES = 120;
  // Each page's items, and the probability of each of their values: its own, so a value from the
  // wrong window would show.
  const descriptionP = (page: number) => 0.3 + page / 1000;
  const amountP = (page: number) => 0.5 + page / 1000;

  it('gives every leaf the confidence of its own window, item by item, and flags conflicts and required nulls', async () => {
    provider.respondWith((r) => {
      const w = windowOf(r)!;
      const logprobs: ScriptedToken[] = [];
      const push = (token: string, p: number) => logprobs.push(tok(token, p));
      // Window 57–64 disagrees on the invoice number: a conflict.
      push('{"invoice_number": "', 0.5);
      push(w.first === 57 ? 'INV-0057' : 'INV-0001', 0.7 + w.first / 10_000);
      push('", "customer": ', 0.5);
      push('null', 0.6 + w.first / 10_000);
      push(', "items": [', 0.5);
      for (let p = w.first; p <= w.last; p++) {
        push(`${p === w.first ? '' : ', '}{"description": "`, 0.5);
        push(`row of page ${p}`, descriptionP(p));
        push('", "amount": ', 0.5);
        push(String(p), amountP(p));
        push('}', 0.5);
      }
      push(']}', 0.5);
      return { kind: 'content', content: logprobs.map((t) => t.token).join(''), logprobs };
    });
    const fileId = await uploadPdf(makePdf(Array.from({ length: PAGES }, (_, i) => `Page ${i + 1}`), { fontSize: 24 }), 'long.pdf');
    const job = await runJob({ extractor_name: 'trust-invoice', file_id: fileId }, 240_000);
    expect(job.status).toBe('completed');
    expect(provider.requests).toHaveLength(PAGES / 8);

    const { data, confidence, flags } = job.result;
    expect(data.items).toHaveLength(PAGES);
    data.items.forEach((item: { description: string; amount: number }, i: number) => {
      const page = i + 1;
      expect(item).toEqual({ description: `row of page ${page}`, amount: page });
      expect(confidence[`/items/${i}/description`]).toBeCloseTo(descriptionP(page), 3);
      expect(confidence[`/items/${i}/amount`]).toBeCloseTo(amountP(page), 3);
    });
    // The first window's value wins, with its probability; a null everywhere takes the first window's.
    expect(data.invoice_number).toBe('INV-0001');
    expect(confidence['/invoice_number']).toBeCloseTo(0.7001, 3);
    expect(data.customer).toBeNull();
    expect(confidence['/customer']).toBeCloseTo(0.6001, 3);
    // Every leaf has a confidence.
    expect(Object.keys(confidence)).toHaveLength(2 + 2 * PAGES);

    const flagOf = (path: string) => flags.find((f: { path: string }) => f.path === path);
    expect(flagOf('/invoice_number')).toMatchObject({ reasons: expect.arrayContaining(['conflict']) });
    expect(flagOf('/customer')).toMatchObject({ reasons: ['required_missing'], confidence: expect.any(Number) });
    // No threshold: nothing is low, and no review.
    expect(flags.some((f: { reasons: string[] }) => f.reasons.includes('low_confidence'))).toBe(false);
    expect(job.review).toBeNull();
  }, 300_000);

  it('flags a value whose text is not on its page although the page has a text layer', async () => {
    const content = JSON.stringify({ invoice_number: 'INV-4242', customer: 'Nobody Limited', items: [] });
    provider.enqueue({ kind: 'content', content, logprobs: jsonTokens(content, () => 0.99) });
    const fileId = await uploadPdf(makePdf(['Invoice INV-4242\nTotal 99.50'], { fontSize: 24 }), 'grounded.pdf');
    const job = await runJob({ extractor_name: 'trust-invoice-review', file_id: fileId });
    expect(job.status).toBe('completed');
    expect(job.result.provenance['/invoice_number'].boxes.length).toBeGreaterThan(0);
    expect(job.result.flags).toEqual([{ path: '/customer', reasons: ['not_grounded'], confidence: 0.99 }]);
    // A flag of any reason puts the job in review.
    expect(job.review).toMatchObject({ status: 'pending', revision: 1 });
  }, 90_000);
});

describe('review', () => {
  let endpoint: { id: string; secret: string };

  beforeAll(async () => {
    const r = await call(base, 'POST', '/v1/webhook-endpoints', {
      url: receiver.url,
      events: ['extraction_job.review_required', 'extraction_job.review_completed'],
    });
    expect(r.status).toBe(201);
    endpointIds.push(r.body.id);
    endpoint = { id: r.body.id, secret: r.body.secret };
  });

  const verified = (w: ReceivedWebhook): any =>
    new Webhook(endpoint.secret).verify(w.body, {
      'webhook-id': w.headers['webhook-id']!,
      'webhook-timestamp': w.headers['webhook-timestamp']!,
      'webhook-signature': w.headers['webhook-signature']!,
    });

  /** A completed job of trust-review whose name is at 0.5 and total at 0.95. */
  async function pendingJob(): Promise<any> {
    provider.enqueue({ kind: 'content', ...simpleAnswer([['Acme', 0.5]], ['12.5', 0.95]) });
    const job = await runJob({ extractor_name: 'trust-review', text: 'Acme, total 12.50' });
    expect(job.status).toBe('completed');
    return job;
  }

  it('puts a job with a value below the threshold in review; stale revisions, bad paths and open flags are refused; correct + approve', async () => {
    const job = await pendingJob();
    const path = `/v1/extraction-jobs/${job.id}`;
    expect(job.result.flags).toEqual([{ path: '/name', reasons: ['low_confidence'], confidence: 0.5 }]);
    expect(job.review).toMatchObject({ status: 'pending', revision: 1, reviewed_data: { name: 'Acme', total: 12.5 } });

    const listed = await call(base, 'GET', '/v1/extraction-jobs?review_status=pending&limit=100');
    expect(listed.body.map((j: { id: string }) => j.id)).toContain(job.id);

    // Approval while the flag has had no decision.
    const early = await call(base, 'POST', `${path}/review/approve`, { revision: 1 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('open_flags');

    const stale = await call(base, 'PATCH', `${path}/review`, { revision: 2, fields: [{ path: '/name', action: 'accept' }] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_revision');

    const notLeaf = await call(base, 'PATCH', `${path}/review`, { revision: 1, fields: [{ path: '/nope', action: 'mark_absent' }] });
    expect(notLeaf.status).toBe(422);
    expect(notLeaf.body.code).toBe('invalid_review_path');

    const broken = await call(base, 'PATCH', `${path}/review`, { revision: 1, fields: [{ path: '/total', action: 'correct', value: 'twelve' }] });
    expect(broken.status).toBe(422);
    expect(broken.body.code).toBe('output_schema_mismatch');
    expect(broken.body.detail).toContain('/total');

    const corrected = await call(base, 'PATCH', `${path}/review`, { revision: 1, fields: [{ path: '/name', action: 'correct', value: 'Acme Corporation' }] });
    expect(corrected.status).toBe(200);
    expect(corrected.body.review).toMatchObject({ status: 'pending', revision: 2, reviewed_data: { name: 'Acme Corporation', total: 12.5 } });

    const approved = await call(base, 'POST', `${path}/review/approve`, { revision: 2, add_as_example: true });
    expect(approved.status).toBe(200);
    expect(approved.body.review).toMatchObject({ status: 'approved', revision: 3, reviewed_data: { name: 'Acme Corporation', total: 12.5 } });
    // The model's answer is kept as it was.
    expect(approved.body.result.data).toEqual({ name: 'Acme', total: 12.5 });

    const events = await call(base, 'GET', `${path}/review/events`);
    expect(events.status).toBe(200);
    expect(events.body.map((e: any) => [e.action, e.path, e.value_before, e.value_after, e.actor])).toEqual([
      ['correct', '/name', 'Acme', 'Acme Corporation', null],
      ['approve', null, null, { add_as_example: true }, null],
    ]);

    // add_as_example: the job's input and the reviewed data are the extractor's newest example.
    const extractor = await call(base, 'GET', '/v1/extractors/trust-review');
    expect(extractor.body.examples.at(-1)).toEqual({
      id: expect.stringMatching(/^exm_/),
      source_job_id: job.id,
      added_at: expect.any(String),
      input: { type: 'text', text: 'Acme, total 12.50', file_id: null },
      output: { name: 'Acme Corporation', total: 12.5 },
    });

    // Closed: no more decisions.
    const late = await call(base, 'PATCH', `${path}/review`, { revision: 3, fields: [{ path: '/name', action: 'accept' }] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('review_not_open');
    const approvedList = await call(base, 'GET', '/v1/extraction-jobs?review_status=approved&limit=100');
    expect(approvedList.body.map((j: { id: string }) => j.id)).toContain(job.id);
    const pendingList = await call(base, 'GET', '/v1/extraction-jobs?review_status=pending&limit=100');
    expect(pendingList.body.map((j: { id: string }) => j.id)).not.toContain(job.id);

    // Both review events, signed like the job events.
    const received = await receiver.waitFor((all) => all.filter((w) => w.headers['webhook-id']?.startsWith(`msg_${job.id}_`)).length >= 2, 60_000);
    const payloads = received.filter((w) => w.headers['webhook-id']!.startsWith(`msg_${job.id}_`)).map(verified);
    expect(payloads.map((p) => p.type).sort()).toEqual(['extraction_job.review_completed', 'extraction_job.review_required']);
    const completed = payloads.find((p) => p.type === 'extraction_job.review_completed');
    expect(completed.data).toMatchObject({ id: job.id, review: { status: 'approved' } });
    expect(completed.data.result).toBeUndefined();
  }, 120_000);

  it('rejects with a reason; mark_absent and accept are recorded', async () => {
    const job = await pendingJob();
    const path = `/v1/extraction-jobs/${job.id}`;
    const decided = await call(base, 'PATCH', `${path}/review`, {
      revision: 1,
      fields: [
        { path: '/name', action: 'accept' },
        { path: '/total', action: 'mark_absent' },
      ],
    });
    expect(decided.status).toBe(200);
    expect(decided.body.review).toMatchObject({ revision: 2, reviewed_data: { name: 'Acme', total: null } });
    const rejected = await call(base, 'POST', `${path}/review/reject`, { revision: 2, reason: 'Wrong document' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.review.status).toBe('rejected');
    const events = await call(base, 'GET', `${path}/review/events`);
    expect(events.body.map((e: any) => e.action)).toEqual(['accept', 'mark_absent', 'reject']);
    expect(events.body[2].value_after).toEqual({ reason: 'Wrong document' });
  }, 120_000);

  it('has review not_required when nothing is flagged, and review_not_open for a job without review', async () => {
    provider.enqueue({ kind: 'content', ...simpleAnswer([['Acme', 0.99]], ['12.5', 0.95]) });
    const sure = await runJob({ extractor_name: 'trust-review', text: 'Acme, total 12.50' });
    expect(sure.result.flags).toEqual([]);
    expect(sure.review).toMatchObject({ status: 'not_required', revision: 1 });

    provider.enqueue({ kind: 'content', content: JSON.stringify({ name: 'Acme', total: 1 }) });
    const plain = await runJob({ extractor_name: 'trust-plain', text: 'Acme, 1' });
    expect(plain.review).toBeNull();
    const r = await call(base, 'POST', `/v1/extraction-jobs/${plain.id}/review/approve`, { revision: 1 });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('review_not_open');
  }, 120_000);
});
