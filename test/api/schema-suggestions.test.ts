import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { retentionActivities } from '../../activities/retention.js';
import { createSecretBox } from '../../src/storage/secrets.js';
import { makePdf } from '../fixtures/documents.js';
import { apiCall } from '../harness/openapi-validator.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, eventually, imageUrls, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// Schema suggestions (issue 51): a job (`sug_`) whose model answer is a schema of the extraction
// dialect. The scripted model answers; the tests check what it was asked and what the job recorded.

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_RENDER_DPI: '40', SERVICE_RETENTION_DAYS: '30' } }));
  base = stack.url;
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

const answer = (value: unknown) => ({ kind: 'content' as const, content: JSON.stringify(value) });

const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'The number printed after "Invoice"' },
    issue_date: { type: 'string', 'x-service': { semantic: 'date' } },
    total: { type: 'number' },
    items: {
      type: 'array',
      items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } }, required: ['description'] },
    },
  },
  required: ['invoice_number'],
  additionalProperties: false,
};

async function finished(id: string): Promise<any> {
  const seen = await pollJob(base, `/v1/schema-suggestions/${id}`, undefined, 90_000);
  return seen[seen.length - 1];
}

/** Every text part of a recorded request's messages, joined. */
function requestText(req: RecordedRequest): string {
  return (req.body.messages as any[])
    .flatMap((m) => (typeof m.content === 'string' ? [m.content] : (m.content as any[]).filter((p) => p.type === 'text').map((p) => p.text)))
    .join('\n');
}

describe('schema suggestions', () => {
  it('suggests from a file\'s first pages a schema that PUT /v1/extractors accepts as it is', async () => {
    const pdf = makePdf(['Invoice INV-7 Total 30.00', 'Line items page', 'Terms page'], { fontSize: 20 });
    const file = await upload(base, pdf, 'inv.pdf', 'application/pdf');
    expect(file.status).toBe(201);
    provider.enqueue(
      answer({
        schema: INVOICE_SCHEMA,
        field_notes: [{ path: '/total', description: 'Grand total at the bottom' }, { bogus: true }],
        rules: [
          { id: 'total-matches', kind: 'sum', items: '/items/*/amount', equals: '/total' },
          { id: 'outside', kind: 'required', path: '/nope' },
          { id: 'what', kind: 'unknown_kind', path: '/total' },
        ],
      }),
    );
    const created = await call(base, 'POST', '/v1/schema-suggestions', { file_ids: [file.body.id], instructions: 'Supplier invoices: totals and line items.' });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^sug_[0-9a-z]{26}$/);
    expect(created.body.status).toBe('queued');
    expect(created.body.file_ids).toEqual([file.body.id]);

    const job = await finished(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.error).toBeNull();
    const { schema, field_notes, instructions, rules } = job.result;
    expect(field_notes).toEqual([{ path: '/total', description: 'Grand total at the bottom' }]);
    expect(instructions).toBe('Supplier invoices: totals and line items.');
    // Only the rule whose pointers name fields of the schema and whose kind exists is returned.
    expect(rules).toEqual([{ id: 'total-matches', kind: 'sum', items: '/items/*/amount', equals: '/total' }]);
    // Every field required; the ones the model left optional became nullable (arrays stay required only).
    expect(schema.required).toEqual(['invoice_number', 'issue_date', 'total', 'items']);
    expect(schema.properties.invoice_number.type).toBe('string');
    expect(schema.properties.issue_date.type).toEqual(['string', 'null']);
    expect(schema.properties.total.type).toEqual(['number', 'null']);
    expect(schema.properties.items.type).toBe('array');
    expect(schema.properties.items.items.required).toEqual(['description', 'amount']);
    expect(schema.properties.items.items.properties.amount.type).toEqual(['number', 'null']);

    // The schema makes an extractor as it is, and its validation has no warnings left.
    const validated = await call(base, 'POST', '/v1/schemas/validate', { schema });
    expect(validated.status).toBe(200);
    expect(validated.body.valid).toBe(true);
    expect(validated.body.warnings).toEqual([]);
    const put = await call(base, 'PUT', '/v1/extractors/suggested-invoice', { display_name: 'Suggested', instructions, schema, model: 'generic-vision-model' });
    expect(put.status).toBe(201);
    expect(put.body.schema).toEqual(schema);

    // One request: the first two pages as images with their text layers, the instructions, a json_schema answer format.
    expect(provider.requests).toHaveLength(1);
    const req = provider.requests[0]!;
    expect(imageUrls(req.body)).toHaveLength(2);
    const text = requestText(req);
    expect(text).toContain('Text layer of page 1');
    expect(text).toContain('INV-7');
    expect(text).toContain('Supplier invoices: totals and line items.');
    expect(text).toContain("first 2 of 3 pages");
    expect(req.body.response_format.type).toBe('json_schema');
    expect(req.body.response_format.json_schema.strict).toBe(true);
    expect(req.body.response_format.json_schema.schema.required).toContain('schema');
  }, 120_000);

  it('asks once more with the diagnostics when the schema is not in the dialect, then fails suggestion_invalid', async () => {
    const bad = { type: 'object', properties: { when: { type: 'date' }, n: { type: 'number', format: 'float' } } };
    provider.enqueue(answer({ schema: bad, field_notes: [] }), answer({ schema: bad, field_notes: [] }));
    const created = await call(base, 'POST', '/v1/schema-suggestions', { texts: ['Receipt\nDate: 2024-05-01\nTotal 12'] });
    expect(created.status).toBe(201);
    const job = await finished(created.body.id);
    expect(job.status).toBe('failed');
    expect(job.result).toBeNull();
    expect(job.error.code).toBe('suggestion_invalid');
    const codes = job.error.diagnostics.map((d: any) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['unsupported_type', 'unsupported_keyword']));
    expect(job.error.diagnostics.map((d: any) => d.path)).toContain('$.schema.properties.when.type');
    expect(job.error.message).toContain("type 'date'");

    // Asked exactly twice; the second request quotes the first answer and the validator's diagnostics.
    expect(provider.requests).toHaveLength(2);
    const [first, second] = provider.requests as [RecordedRequest, RecordedRequest];
    expect(requestText(first)).not.toContain('The validator reported');
    const again = requestText(second);
    expect(again).toContain('The validator reported');
    for (const d of job.error.diagnostics) expect(again).toContain(d.message);
    expect(again).toContain('$.schema.properties.when.type');
    const assistant = (second.body.messages as any[]).find((m) => m.role === 'assistant');
    expect(JSON.parse(assistant.content)).toEqual({ schema: bad, field_notes: [] });
  }, 120_000);

  it('takes the corrected answer of the second request', async () => {
    provider.enqueue({ kind: 'content', content: 'Here is a schema: {not json' }, answer({ schema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] }, field_notes: [], instructions: 'Read the total.' }));
    const created = await call(base, 'POST', '/v1/schema-suggestions', { texts: ['Total 12'], instructions: 'totals' });
    const job = await finished(created.body.id);
    expect(job.status).toBe('completed');
    expect(job.result).toEqual({ schema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] }, field_notes: [], instructions: 'Read the total.', rules: [] });
    expect(provider.requests).toHaveLength(2);
    expect(requestText(provider.requests[1]!)).toContain('invalid_answer');
  }, 120_000);

  it('refuses neither or both inputs (422), unknown files (404) and more than 10 files', async () => {
    for (const body of [{}, { texts: ['a'], file_ids: ['file_x'] }, { texts: [] }, { file_ids: Array.from({ length: 11 }, (_, i) => `file_${i}`) }, { texts: ['a'], extra: 1 }]) {
      const r = await call(base, 'POST', '/v1/schema-suggestions', body);
      expect([r.status, r.body.code]).toEqual([422, 'validation_error']);
    }
    const missing = await call(base, 'POST', '/v1/schema-suggestions', { file_ids: ['file_01jqz8m4x5v6w7y8z9a0b1c2d3'] });
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
    expect((await call(base, 'GET', '/v1/schema-suggestions/sug_01jqz8m4x5v6w7y8z9a0b1c2d3')).status).toBe(404);
    expect(provider.requests).toHaveLength(0);
  });

  it('cancels like other jobs: the stalled request is closed and the job ends canceled', async () => {
    provider.enqueue({ kind: 'stall' });
    const created = await call(base, 'POST', '/v1/schema-suggestions', { texts: ['Total 12'] });
    await provider.waitForRequests(1);
    const canceled = await call(base, 'POST', `/v1/schema-suggestions/${created.body.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(['canceling', 'canceled']).toContain(canceled.body.status);
    // Long-poll until it is over.
    const waited = await eventually(async () => {
      const r = await call(base, 'GET', `/v1/schema-suggestions/${created.body.id}?wait=5`);
      return r.body.status === 'canceled' ? r.body : undefined;
    }, 30_000);
    expect(waited.result).toBeNull();
    await eventually(async () => (provider.requests[0]!.closedEarly ? true : undefined), 15_000);
    const again = await call(base, 'POST', `/v1/schema-suggestions/${created.body.id}/cancel`);
    expect([again.status, again.body.status]).toEqual([200, 'canceled']);
    const del = await call(base, 'DELETE', `/v1/schema-suggestions/${created.body.id}`);
    expect(del.status).toBe(204);
    expect((await call(base, 'GET', `/v1/schema-suggestions/${created.body.id}`)).status).toBe(404);
  }, 60_000);

  it('answers a repeat with the same Idempotency-Key with the same suggestion, and refuses it for another body', async () => {
    provider.respondWith(() => answer({ schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, field_notes: [] }));
    const key = `sug-${Date.now()}`;
    const body = { texts: ['A: 1'], instructions: 'a' };
    const first = await apiCall(base, 'POST', '/v1/schema-suggestions', JSON.stringify(body), { 'content-type': 'application/json', 'Idempotency-Key': key });
    const second = await apiCall(base, 'POST', '/v1/schema-suggestions', JSON.stringify({ instructions: 'a', texts: ['A: 1'] }), { 'content-type': 'application/json', 'Idempotency-Key': key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const other = await apiCall(base, 'POST', '/v1/schema-suggestions', JSON.stringify({ texts: ['B'] }), { 'content-type': 'application/json', 'Idempotency-Key': key });
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    const job = await finished(first.body.id);
    expect(job.status).toBe('completed');
    expect(provider.requests).toHaveLength(1);
    const list = await call(base, 'GET', '/v1/schema-suggestions?status=completed&limit=50');
    expect(list.status).toBe(200);
    expect(list.body.map((j: any) => j.id)).toContain(first.body.id);
  }, 60_000);

  it('protects its files while it exists; retention removes it once expired, with the files it alone used', async () => {
    provider.respondWith(() => answer({ schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, field_notes: [] }));
    const file = await upload(base, makePdf(['A: 1'], { fontSize: 20 }), 'a.pdf', 'application/pdf');
    const created = await call(base, 'POST', '/v1/schema-suggestions', { file_ids: [file.body.id] });
    expect((await finished(created.body.id)).status).toBe('completed');
    const refused = await call(base, 'DELETE', `/v1/files/${file.body.id}`);
    expect([refused.status, refused.body.code]).toEqual([409, 'file_in_use']);

    const activities = retentionActivities({ config: stack.config, db: stack.db, logger: pino({ level: 'silent' }), secrets: createSecretBox(stack.config) });
    const early = await activities.applyRetention(new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString());
    expect(early.jobs).toBe(0);
    expect((await call(base, 'GET', `/v1/schema-suggestions/${created.body.id}`)).status).toBe(200);
    const later = await activities.applyRetention(new Date(Date.now() + 31 * 24 * 3600 * 1000).toISOString());
    expect(later.jobs).toBeGreaterThanOrEqual(1);
    expect((await call(base, 'GET', `/v1/schema-suggestions/${created.body.id}`)).status).toBe(404);
    expect((await call(base, 'GET', `/v1/files/${file.body.id}`)).status).toBe(404);
  }, 60_000);
});
