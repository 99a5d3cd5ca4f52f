// Webhook endpoints through the real API, and deliveries by the jobs' workflows to real HTTP
// receivers that verify signatures with the official Standard Webhooks library.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { makePdf } from '../fixtures/documents.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { forJob, startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../harness/webhook-receiver.js';
import { call, eventually, pollJob, startStackWithProvider, upload } from './job-helpers.js';

let stack: TestStack; // SERVICE_WEBHOOK_ALLOW_PRIVATE=true: the receivers listen on 127.0.0.1
let strict: TestStack; // default settings
let provider: ScriptedProvider;
let receiver: WebhookReceiver;
const endpointIds: string[] = [];
const EXTRACTOR = 'webhook-test';

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    env: {
      SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true',
      SERVICE_WEBHOOK_RETRY_INITIAL_INTERVAL_MS: '500',
      SERVICE_WEBHOOK_RETRY_MAX_INTERVAL_MS: '1000',
      SERVICE_PROVIDER_MAX_ATTEMPTS: '1',
    },
  }));
  strict = await startTestStack({ worker: false });
  receiver = await startWebhookReceiver();
  const put = await call(stack.url, 'PUT', `/v1/extractors/${EXTRACTOR}`, {
    display_name: 'Webhook test',
    instructions: 'Extract the title.',
    model: 'generic-model',
    schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false },
  });
  expect([200, 201]).toContain(put.status);
});

afterAll(async () => {
  // Endpoints live in the run's shared database: never leave one for other test files' jobs.
  for (const id of endpointIds) await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${id}`).catch(() => {});
  await strict?.close();
  await stack?.close();
  await provider?.close();
  await receiver?.close();
});

beforeEach(async () => {
  await receiver.up();
  provider.reset();
  receiver.received.length = 0;
  receiver.fallback = 200;
});

async function createEndpoint(body: Record<string, unknown>, base = stack.url) {
  const r = await call(base, 'POST', '/v1/webhook-endpoints', body);
  if (r.status === 201) endpointIds.push(r.body.id);
  return r;
}

/** Verify with the official library; returns the parsed payload or throws. */
function verified(secret: string, w: ReceivedWebhook): any {
  return new Webhook(secret).verify(w.body, {
    'webhook-id': w.headers['webhook-id']!,
    'webhook-timestamp': w.headers['webhook-timestamp']!,
    'webhook-signature': w.headers['webhook-signature']!,
  });
}

async function deliveries(endpointId: string): Promise<any[]> {
  const r = await call(stack.url, 'GET', `/v1/webhook-endpoints/${endpointId}/deliveries?limit=100`);
  expect(r.status).toBe(200);
  return r.body;
}

async function extractionJob(): Promise<string> {
  const r = await call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: EXTRACTOR, text: 'Title: Hooks' });
  expect(r.status).toBe(201);
  return r.body.id;
}

describe('webhook endpoints API', () => {
  it('creates with a secret shown once, reads, lists, updates, rotates and deletes', async () => {
    const created = await createEndpoint({ url: receiver.url, description: 'crud' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url, enabled: true, description: 'crud' });
    expect(created.body.events).toHaveLength(6); // default: all
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.body.id;

    // Stored encrypted like provider keys; never returned again.
    const row = await stack.db('webhook_endpoints').where({ id }).first();
    expect(row.secret_encrypted).toMatch(/^v1:/);
    expect(row.secret_encrypted).not.toContain(created.body.secret.slice(6));
    const read = await call(stack.url, 'GET', `/v1/webhook-endpoints/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    const list = await call(stack.url, 'GET', '/v1/webhook-endpoints?limit=100');
    expect(list.body.map((e: any) => e.id)).toContain(id);
    expect(list.body.every((e: any) => !('secret' in e))).toBe(true);

    const patched = await call(stack.url, 'PATCH', `/v1/webhook-endpoints/${id}`, { events: ['parse_job.failed'], enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ['parse_job.failed'], enabled: false, url: receiver.url });

    const rotated = await call(stack.url, 'POST', `/v1/webhook-endpoints/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    expect((await call(stack.url, 'GET', `/v1/webhook-endpoints/${id}/deliveries`)).body).toEqual([]);
    expect((await call(stack.url, 'PATCH', `/v1/webhook-endpoints/${id}`, { events: ['nope'] })).status).toBe(422);
    expect((await call(stack.url, 'PATCH', `/v1/webhook-endpoints/${id}`, { url: 'ftp://example.com/' })).body.code).toBe('webhook_url_invalid');
    // The body is required: a PATCH without one is a 422, not an accepted empty change.
    const bodiless = await call(stack.url, 'PATCH', `/v1/webhook-endpoints/${id}`);
    expect([bodiless.status, bodiless.body.detail?.[0]?.loc, bodiless.body.detail?.[0]?.type]).toEqual([422, ['body'], 'missing']);
    expect((await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${id}`)).status).toBe(204);
    expect((await call(stack.url, 'GET', `/v1/webhook-endpoints/${id}`)).status).toBe(404);
    expect((await call(stack.url, 'POST', `/v1/webhook-endpoints/${id}/rotate-secret`)).status).toBe(404);
  });

  it('refuses private, loopback, link-local and metadata URLs by default (400), allows them with the setting', async () => {
    for (const url of [receiver.url, 'http://localhost:9/x', 'http://10.0.0.5/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:9/x']) {
      const r = await createEndpoint({ url }, strict.url);
      expect([url, r.status, r.body.code]).toEqual([url, 400, 'webhook_url_forbidden']);
    }
    expect((await createEndpoint({ url: 'file:///etc/passwd' }, strict.url)).body.code).toBe('webhook_url_invalid');
    expect((await createEndpoint({ url: 'http://no-such-host.invalid/x' }, strict.url)).body.code).toBe('webhook_url_unresolvable');
    const allowed = await createEndpoint({ url: receiver.url, events: ['parse_job.failed'] });
    expect(allowed.status).toBe(201);
    // PATCH is checked too.
    const patched = await call(strict.url, 'PATCH', `/v1/webhook-endpoints/${allowed.body.id}`, { url: 'http://127.0.0.1:1/x' });
    expect([patched.status, patched.body.code]).toEqual([400, 'webhook_url_forbidden']);
    await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${allowed.body.id}`);
  });
});

describe('deliveries', () => {
  it('500, 500, then 200: three attempts with one webhook-id, exactly one success, signatures verify, a tampered body does not', async () => {
    const ep = await createEndpoint({ url: receiver.url, events: ['extraction_job.completed'] });
    const secret = ep.body.secret;
    receiver.answer(500, 500);
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'Hooks' }) });
    const jobId = await extractionJob();
    const job = (await pollJob(stack.url, `/v1/extraction-jobs/${jobId}`)).pop();
    expect(job.status).toBe('completed');

    const got = await receiver.waitFor((r) => r.filter(forJob(jobId)).some((w) => w.status === 200), 60_000);
    const mine = got.filter(forJob(jobId));
    expect(mine.map((w) => w.status)).toEqual([500, 500, 200]);
    const webhookId = mine[0]!.headers['webhook-id'];
    expect(mine.map((w) => w.headers['webhook-id'])).toEqual([webhookId, webhookId, webhookId]);
    for (const w of mine) {
      const payload = verified(secret, w);
      const { result, ...withoutResult } = job;
      expect(result.data).toEqual({ title: 'Hooks' });
      // The job without its result, but with the outcomes of its extractor's rules (docs/rules.md).
      expect(payload).toEqual({ type: 'extraction_job.completed', timestamp: job.completed_at, data: { ...withoutResult, rule_results: result.rule_results } });
      expect(w.headers['content-type']).toBe('application/json');
    }
    // A tampered body (or header) fails verification in the receiver.
    const last = mine[2]!;
    expect(() => verified(secret, { ...last, body: last.body.replace('"completed"', '"failed"') })).toThrow();
    expect(() => verified(secret, { ...last, headers: { ...last.headers, 'webhook-id': 'msg_other' } })).toThrow();

    const listed = await eventually(async () => {
      const d = (await deliveries(ep.body.id)).filter((x) => x.job_id === jobId);
      return d.length === 3 ? d : undefined;
    });
    expect(listed.map((d) => [d.attempt, d.status_code, d.webhook_id, d.event_type])).toEqual([
      [3, 200, webhookId, 'extraction_job.completed'],
      [2, 500, webhookId, 'extraction_job.completed'],
      [1, 500, webhookId, 'extraction_job.completed'],
    ]);
    expect(listed[0].error).toBeNull();
    expect(listed[1].error).toBe('receiver answered HTTP 500');
    // Pagination like other lists.
    const page = await call(stack.url, 'GET', `/v1/webhook-endpoints/${ep.body.id}/deliveries?limit=2`);
    expect(page.body).toHaveLength(2);
    expect(page.headers.get('x-next-cursor')).toBeTruthy();

    // Nothing more arrives for this event (one success per terminal event).
    await new Promise((r) => setTimeout(r, 3000));
    expect(receiver.received.filter(forJob(jobId))).toHaveLength(3);
    await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${ep.body.id}`);
  }, 120_000);

  it('one successful delivery per terminal event: extraction completed, failed, canceled and parse completed; none for a deleted job or an unsubscribed event', async () => {
    const all = await createEndpoint({ url: receiver.url });
    const parseOnly = await createEndpoint({ url: `${receiver.url}/parse-only`, events: ['parse_job.completed'] });
    provider.respondWith((req) => {
      const text = JSON.stringify(req.body);
      if (text.includes('FAIL')) return { kind: 'error', status: 400, body: { error: { message: 'bad request' } } };
      if (text.includes('STALL')) return { kind: 'stall' };
      if (text.includes('Page one')) return { kind: 'content', content: '# Page one' };
      return { kind: 'content', content: JSON.stringify({ title: 'ok' }) };
    });
    const post = (text: string) => call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: EXTRACTOR, text });
    const completed = (await post('Title: ok')).body.id;
    const failed = (await post('FAIL')).body.id;
    const canceled = (await post('STALL one')).body.id;
    const deleted = (await post('STALL two')).body.id;
    const file = await upload(stack.url, makePdf(['Page one']), 'one.pdf', 'application/pdf');
    const parsed = (await call(stack.url, 'POST', '/v1/parse-jobs', { file_id: file.body.id })).body.id;

    await provider.waitForRequests(4, 30_000);
    await eventually(async () => ((await call(stack.url, 'GET', `/v1/extraction-jobs/${deleted}`)).body.status === 'running' ? true : undefined));
    expect((await call(stack.url, 'POST', `/v1/extraction-jobs/${canceled}/cancel`)).status).toBe(200);
    expect((await call(stack.url, 'DELETE', `/v1/extraction-jobs/${deleted}`)).status).toBe(202);

    const expected: Array<[string, string]> = [
      [completed, 'extraction_job.completed'],
      [failed, 'extraction_job.failed'],
      [canceled, 'extraction_job.canceled'],
      [parsed, 'parse_job.completed'],
    ];
    await receiver.waitFor((r) => expected.every(([id]) => r.some((w) => forJob(id)(w) && w.path === '/hooks')) && r.some((w) => forJob(parsed)(w) && w.path === '/hooks/parse-only'), 60_000);
    await new Promise((r) => setTimeout(r, 3000)); // time for any duplicate to show up

    for (const [id, type] of expected) {
      const got = receiver.received.filter((w) => forJob(id)(w) && w.path === '/hooks');
      expect([id, got.length]).toEqual([id, 1]);
      const payload = verified(all.body.secret, got[0]!);
      expect([payload.type, payload.data.id, payload.data.status, 'result' in payload.data]).toEqual([type, id, type.split('.')[1], false]);
    }
    const failedPayload = JSON.parse(receiver.received.find(forJob(failed))!.body);
    expect(failedPayload.data.error.code).toBe('provider_rejected');
    // The parse-only endpoint got the parse job's event only, signed with its own secret.
    const parseOnlyGot = receiver.received.filter((w) => w.path === '/hooks/parse-only');
    expect(parseOnlyGot).toHaveLength(1);
    expect(forJob(parsed)(parseOnlyGot[0]!)).toBe(true);
    // One webhook-id per event, the same for every endpoint.
    expect(parseOnlyGot[0]!.headers['webhook-id']).toBe(receiver.received.find((w) => forJob(parsed)(w) && w.path === '/hooks')!.headers['webhook-id']);
    expect(verified(parseOnly.body.secret, parseOnlyGot[0]!).data.progress).toEqual({ pages_total: 1, pages_completed: 1 });
    expect(() => verified(all.body.secret, parseOnlyGot[0]!)).toThrow();
    // A job removed by DELETE sends nothing.
    expect((await call(stack.url, 'GET', `/v1/extraction-jobs/${deleted}`)).status).toBe(404);
    expect(receiver.received.filter(forJob(deleted))).toEqual([]);

    for (const ep of [all, parseOnly]) await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${ep.body.id}`);
  }, 120_000);

  it('410 Gone disables the endpoint and ends the retries', async () => {
    const ep = await createEndpoint({ url: receiver.url, events: ['extraction_job.completed'] });
    receiver.fallback = 410;
    provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'gone' }) });
    const jobId = await extractionJob();
    await receiver.waitFor((r) => r.some(forJob(jobId)), 60_000);
    const endpoint = await eventually(async () => {
      const e = (await call(stack.url, 'GET', `/v1/webhook-endpoints/${ep.body.id}`)).body;
      return e.enabled === false ? e : undefined;
    });
    expect(endpoint.enabled).toBe(false);
    await new Promise((r) => setTimeout(r, 3000));
    expect(receiver.received.filter(forJob(jobId))).toHaveLength(1);
    expect((await deliveries(ep.body.id)).map((d) => [d.attempt, d.status_code])).toEqual([[1, 410]]);
    await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${ep.body.id}`);
  }, 120_000);
  it("a failed job's run closes while its receiver is down: retry answers 200 at once, and both runs' events arrive once the receiver is back", async () => {
    const ep = await createEndpoint({ url: receiver.url, events: ['extraction_job.failed', 'extraction_job.completed'] });
    await receiver.down();
    try {
      provider.enqueue({ kind: 'error', status: 400, body: { error: { message: 'bad request' } } });
      const jobId = await extractionJob();
      const path = `/v1/extraction-jobs/${jobId}`;
      expect((await pollJob(stack.url, path)).pop().status).toBe('failed');
      // Deliveries are being attempted and failing ...
      await eventually(async () => ((await deliveries(ep.body.id)).some((d) => d.job_id === jobId && d.status_code === null) ? true : undefined), 30_000);
      // ... yet the job's run is closed, and its event goes on in a workflow of its own.
      const firstRun = await stack.temporal.workflow.getHandle(jobId).describe();
      // The failed job's run failed (with the job's code), once its event was handed on.
      expect(firstRun.status.name).toBe('FAILED');
      const firstDeliveries = stack.temporal.workflow.getHandle(`${jobId}-webhooks-${firstRun.runId}`);
      expect((await firstDeliveries.describe()).status.name).toBe('RUNNING');

      provider.enqueue({ kind: 'content', content: JSON.stringify({ title: 'Second run' }) });
      const retried = await call(stack.url, 'POST', `${path}/retry`);
      expect([retried.status, retried.body.code]).toEqual([200, undefined]);
      const done = (await pollJob(stack.url, path)).pop();
      expect(done.status).toBe('completed');
      const secondRun = await stack.temporal.workflow.getHandle(jobId).describe();
      expect(secondRun.runId).not.toBe(firstRun.runId);
      await eventually(async () => ((await stack.temporal.workflow.getHandle(jobId).describe()).status.name === 'COMPLETED' ? true : undefined));
      expect((await firstDeliveries.describe()).status.name).toBe('RUNNING'); // still waiting for the receiver

      await receiver.up();
      const got = await receiver.waitFor((r) => r.filter(forJob(jobId)).length >= 2, 30_000);
      await Promise.all([firstDeliveries.result(), stack.temporal.workflow.getHandle(`${jobId}-webhooks-${secondRun.runId}`).result()]);
      await new Promise((r) => setTimeout(r, 1500)); // time for any duplicate to show up
      const mine = receiver.received.filter(forJob(jobId));
      expect(mine.map((w) => [w.status, verified(ep.body.secret, w).type]).sort()).toEqual([
        [200, 'extraction_job.completed'],
        [200, 'extraction_job.failed'],
      ]);
      const failedEvent = verified(ep.body.secret, got.find((w) => forJob(jobId)(w) && w.body.includes('extraction_job.failed'))!);
      expect([failedEvent.data.status, failedEvent.data.error.code]).toEqual(['failed', 'provider_rejected']);
      // Two events, two webhook-ids; every attempt of one event carried its event's id.
      const ids = new Set(mine.map((w) => w.headers['webhook-id']));
      expect(ids.size).toBe(2);
      const listed = (await deliveries(ep.body.id)).filter((d) => d.job_id === jobId);
      for (const type of ['extraction_job.failed', 'extraction_job.completed']) {
        const attempts = listed.filter((d) => d.event_type === type);
        expect(new Set(attempts.map((d) => d.webhook_id)).size).toBe(1);
        expect(ids.has(attempts[0].webhook_id)).toBe(true);
        expect(attempts.filter((d) => d.status_code === 200)).toHaveLength(1);
      }
      expect(listed.filter((d) => d.event_type === 'extraction_job.failed').length).toBeGreaterThan(1);
    } finally {
      await receiver.up();
      await call(stack.url, 'DELETE', `/v1/webhook-endpoints/${ep.body.id}`);
    }
  }, 120_000);
});
