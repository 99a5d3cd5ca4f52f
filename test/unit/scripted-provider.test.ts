import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import { elideDataUrls, startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';

let provider: ScriptedProvider;
let client: OpenAI;

beforeAll(async () => {
  provider = await startScriptedProvider();
  client = new OpenAI({ baseURL: provider.baseUrl, apiKey: 'test-key', maxRetries: 0 });
});
afterAll(async () => {
  await provider.close();
});
beforeEach(() => provider.reset());

describe('scripted chat-completions server', () => {
  it('streams a scripted completion as SSE chunks with usage and records the request', async () => {
    provider.enqueue({ kind: 'content', content: '{"total": 12.5}', chunks: 4, usage: { prompt_tokens: 7, completion_tokens: 5 } });
    const stream = await client.chat.completions.create({
      model: 'some-model',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const pieces: string[] = [];
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      for (const c of chunk.choices) {
        if (c.delta.content) pieces.push(c.delta.content);
        if (c.finish_reason) finish = c.finish_reason;
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(pieces.join('')).toBe('{"total": 12.5}');
    expect(pieces.length).toBe(4);
    expect(finish).toBe('stop');
    expect(usage).toEqual({ prompt_tokens: 7, completion_tokens: 5, total_tokens: 12 });

    expect(provider.requests).toHaveLength(1);
    const rec = provider.requests[0];
    expect(rec.method).toBe('POST');
    expect(rec.path).toBe('/v1/chat/completions');
    expect(rec.headers.authorization).toBe('Bearer test-key');
    expect(rec.body).toEqual({
      model: 'some-model',
      messages: [{ role: 'user', content: 'hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(rec.closedEarly).toBe(false);
  });

  it('sends no usage chunk unless asked, and answers non-streaming requests with JSON', async () => {
    provider.enqueue({ kind: 'content', content: 'abc', finishReason: 'length' }, { kind: 'content', content: 'plain', reasoning: 'hmm' });
    const stream = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('length');

    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0].message.content).toBe('plain');
    expect((completion.choices[0].message as unknown as { reasoning_content: string }).reasoning_content).toBe('hmm');
  });

  it('answers {} when nothing is scripted, and uses respondWith when the queue is empty', async () => {
    const first = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(first.choices[0].message.content).toBe('{}');
    provider.respondWith((req) => ({ kind: 'content', content: `model was ${req.body.model}` }));
    const second = await client.chat.completions.create({ model: 'other', messages: [{ role: 'user', content: 'x' }] });
    expect(second.choices[0].message.content).toBe('model was other');
  });

  it.each([
    [400, OpenAI.BadRequestError],
    [401, OpenAI.AuthenticationError],
    [429, OpenAI.RateLimitError],
    [500, OpenAI.InternalServerError],
  ])('returns scripted HTTP %i errors with an OpenAI-style body', async (status, errorClass) => {
    provider.enqueue({ kind: 'error', status, headers: { 'retry-after': '2' } });
    const err = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(errorClass);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).toContain(`Scripted error ${status}`);
    expect((err as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toBe('2');
  });

  it('keeps a stalled request open until the client aborts, then records closedEarly', async () => {
    provider.enqueue({ kind: 'stall' });
    const controller = new AbortController();
    const pending = client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true }, { signal: controller.signal })
      .then(async (stream) => {
        for await (const _ of stream) {
          // nothing arrives
        }
        return 'ended';
      })
      .catch((e: unknown) => e);
    await provider.waitForRequests(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(provider.requests[0].closedEarly).toBe(false);
    controller.abort();
    await pending;
    await new Promise((r) => setTimeout(r, 100));
    expect(provider.requests[0].closedEarly).toBe(true);
  });

  it('can send a malformed stream and cut the connection', async () => {
    provider.enqueue({ kind: 'malformed' }, { kind: 'reset' });
    const consume = async () => {
      const stream = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true });
      for await (const _ of stream) {
        // drain
      }
    };
    await expect(consume()).rejects.toThrow();
    await expect(consume()).rejects.toThrow();
    expect(provider.requests).toHaveLength(2);
  });

  it('lists models and project deployments', async () => {
    provider.setModels(['model-a', 'model-b']);
    const ids: string[] = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(['model-a', 'model-b']);

    const res = await fetch(`${provider.projectUrl}/deployments?api-version=v1`);
    const body = (await res.json()) as { value: { name: string; type: string }[] };
    expect(body.value.map((d) => [d.name, d.type])).toEqual([
      ['model-a', 'ModelDeployment'],
      ['model-b', 'ModelDeployment'],
    ]);
    expect(provider.listingRequests.map((r) => r.path)).toEqual(['/v1/models', '/api/projects/scripted/deployments?api-version=v1']);
    expect(provider.requests).toHaveLength(0);
  });

  it('waitForRequests times out with a clear message', async () => {
    await expect(provider.waitForRequests(1, 50)).rejects.toThrow(/Expected 1 chat-completion requests/);
  });
});

describe('benchmark mode', () => {
  it('drops image data from recorded bodies and holds a request from its arrival', async () => {
    const bench = await startScriptedProvider({ benchmark: true });
    try {
      const c = new OpenAI({ baseURL: bench.baseUrl, apiKey: 'k', maxRetries: 0 });
      bench.enqueue({ kind: 'content', content: 'ok', delayMs: 300 });
      const url = `data:image/png;base64,${Buffer.alloc(300_000, 7).toString('base64')}`;
      const t0 = Date.now();
      await c.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'pages 1–8' }, { type: 'image_url', image_url: { url } }] }] });
      const [r] = bench.requests;
      expect(JSON.stringify(r!.body)).toContain('data:image/png;base64,…');
      expect(JSON.stringify(r!.body)).toContain('pages 1–8');
      expect(r!.arrivedAt).toBeGreaterThanOrEqual(t0);
      expect(r!.endedAt! - r!.arrivedAt).toBeGreaterThanOrEqual(290);
      expect(r!.endedAt! - r!.arrivedAt).toBeLessThan(1000);
    } finally {
      await bench.close();
    }
  });

  it('elides every data URL and keeps the rest of the body as it is', () => {
    const raw = Buffer.from('{"a":"data:image/png;base64,AAAA","b":"é","c":"data:image/jpeg;base64,BBBB"}');
    expect(elideDataUrls(raw)).toBe('{"a":"data:image/png;base64,…","b":"é","c":"data:image/jpeg;base64,…"}');
    expect(elideDataUrls(Buffer.from('{"x":1}'))).toBe('{"x":1}');
  });
});
