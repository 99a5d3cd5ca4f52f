import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider, upload } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import { startWebhookReceiver, forJob, type WebhookReceiver } from '../harness/webhook-receiver.js';
import type { TestStack } from '../harness/stack.js';

// Issue 30, "payloads stay out of history": whatever the API accepts, no payload of a job's
// workflows (inputs, results, local-activity markers, activity arguments and results, child
// inputs, failures) carries user content. Jobs on the largest inputs the API takes, with a webhook
// endpoint subscribed, windows and parse pages; every payload of every history stays ≤ 64 KiB, and
// no workflow task fails (a payload over Temporal's limit fails the task: TMPRL1103).

const PAYLOAD_LIMIT = 64 * 1024;
/** The JSON body limit of job creation (src/http/app.ts: 13 MiB; 2 MiB elsewhere). */
const BODY_LIMIT = 13 * 1024 * 1024;
/** The text limit of POST /v1/extraction-jobs, in characters. */
const TEXT_LIMIT = 1_000_000;
const SCHEMA = { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'], additionalProperties: false };

let stack: TestStack;
let provider: ScriptedProvider;
let receiver: WebhookReceiver;
let secret: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' } }));
  receiver = await startWebhookReceiver();
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T' }) }));
  await call(stack.url, 'PUT', '/v1/extractors/payloads', { display_name: 'Payloads', instructions: 'x', model: 'generic', schema: SCHEMA });
  const endpoint = await call(stack.url, 'POST', '/v1/webhook-endpoints', { url: `${receiver.url}/payloads` });
  expect(endpoint.status).toBe(201);
  secret = endpoint.body.secret;
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
  await provider?.close();
});

/** The most characters of `char` a text job accepts: the text limit, or what fits the body limit. */
function largestText(char: string): string {
  const bytes = Buffer.byteLength(char);
  const overhead = Buffer.byteLength(JSON.stringify({ extractor_name: 'payloads', text: '' }));
  return char.repeat(Math.min(TEXT_LIMIT, Math.floor((BODY_LIMIT - overhead) / bytes)));
}

/** Every payload in a history event (anything shaped { metadata, data: bytes }), with its size. */
function payloadSizes(value: unknown, out: number[] = []): number[] {
  if (!value || typeof value !== 'object') return out;
  if (value instanceof Uint8Array) return out;
  const v = value as Record<string, unknown>;
  if (v.data instanceof Uint8Array && 'metadata' in v) {
    const meta = Object.values((v.metadata ?? {}) as Record<string, Uint8Array>).reduce((n, m) => n + (m?.length ?? 0), 0);
    out.push(v.data.length + meta);
    return out;
  }
  for (const child of Object.values(v)) payloadSizes(child, out);
  return out;
}

describe('history payloads', () => {
  it('stay under 64 KiB for the largest inputs, and the largest job is delivered to its webhook', async () => {
    const jobs: Array<{ id: string; what: string }> = [];
    const start = async (what: string, body: unknown, path = '/v1/extraction-jobs') => {
      const r = await call(stack.url, 'POST', path, body);
      expect({ what, status: r.status }).toEqual({ what, status: 201 });
      jobs.push({ id: r.body.id, what });
      return r.body.id as string;
    };
    // Text at its limit in 1-, 2-, 3- and 4-byte characters.
    for (const char of ['a', 'é', '語', '😀']) await start(`text of ${Buffer.byteLength(char)}-byte characters`, { extractor_name: 'payloads', text: largestText(char) });
    // The job: 708,460 CJK characters (2,125,380 bytes of text), checked at its receiver.
    const cjk = await start('708,460 CJK characters', { extractor_name: 'payloads', text: '語'.repeat(708_460) });
    const cjkChars = 708_460;
    // Windows of a document, and parse pages.
    const pdf = await upload(stack.url, makePdf(Array.from({ length: 24 }, (_, i) => `page ${i + 1}`)), 'long.pdf', 'application/pdf');
    await start('windows of a 24-page document', { extractor_name: 'payloads', file_id: pdf.body.id });
    const parse = await start('24 parse pages', { file_id: pdf.body.id }, '/v1/parse-jobs');

    for (const { id } of jobs) {
      const path = id === parse ? `/v1/parse-jobs/${id}` : `/v1/extraction-jobs/${id}`;
      const [ended] = (await pollJob(stack.url, path, undefined, 600_000)).slice(-1);
      expect({ id, status: ended.status }).toEqual({ id, status: 'completed' });
    }

    // Every job's event is delivered, signed over the bytes received.
    const received = await receiver.waitFor((got) => jobs.every(({ id }) => got.some(forJob(id))), 120_000);
    const cjkEvent = received.find(forJob(cjk))!;
    const event = new Webhook(secret).verify(cjkEvent.body, {
      'webhook-id': cjkEvent.headers['webhook-id']!,
      'webhook-timestamp': cjkEvent.headers['webhook-timestamp']!,
      'webhook-signature': cjkEvent.headers['webhook-signature']!,
    }) as { type: string; data: { id: string; source_text: string } };
    expect(event.type).toBe('extraction_job.completed');
    expect(event.data.id).toBe(cjk);
    expect(event.data.source_text).toHaveLength(cjkChars);

    // Every workflow of these jobs: the job's run and its event's delivery workflow.
    const largest: Array<{ what: string; bytes: number }> = [];
    for (const { id, what } of jobs) {
      const handle = stack.temporal.workflow.getHandle(id);
      await handle.result();
      const { runId } = await handle.describe();
      for (const workflowId of [id, `${id}-webhooks-${runId}`]) {
        const child = stack.temporal.workflow.getHandle(workflowId);
        await child.result();
        const events = (await child.fetchHistory()).events ?? [];
        expect(events.filter((e) => e.workflowTaskFailedEventAttributes)).toEqual([]);
        largest.push({ what: `${what} (${workflowId})`, bytes: Math.max(0, ...events.flatMap((e) => payloadSizes(e))) });
      }
    }
    for (const l of largest) expect(l.bytes).toBeLessThanOrEqual(PAYLOAD_LIMIT);
  }, 900_000);
});
