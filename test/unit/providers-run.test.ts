import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config/index.js';
import { RECEIPT_EXTRACTOR, RECEIPT_SCHEMA } from '../../src/domain/prebuilt.js';
import {
  buildExtractionRequest,
  listModels,
  OutputError,
  PLACEHOLDER_API_KEY,
  ProviderError,
  runExtraction,
  runPageTranscription,
} from '../../src/providers/index.js';
import type { ExtractionDefinition, ProviderSettings } from '../../src/providers/types.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';

const config = loadConfig({ SERVICE_EXTRACTION_MAX_TOKENS: '1234', SERVICE_PARSING_MAX_TOKENS: '5678' });
const GENERIC = 'gpt-4.1-mini';
const NUEXTRACT = 'numind/NuExtract-2.0-8B';
const png = { mediaType: 'image/png', base64: 'iVBORw0KGgo=' };

let provider: ScriptedProvider;
let compatible: ProviderSettings;

beforeAll(async () => {
  provider = await startScriptedProvider();
});
afterAll(async () => {
  await provider.close();
});
beforeEach(() => {
  provider.reset();
  compatible = { name: 'compatible_api', baseUrl: provider.baseUrl, configuration: {}, apiKey: null, apiKeyEnv: null };
});

const receipt = (model = GENERIC): ExtractionDefinition => ({
  name: 'receipt',
  instructions: RECEIPT_EXTRACTOR.instructions,
  schema: RECEIPT_SCHEMA,
  model,
  reasoningEffort: null,
});
const extract = (extra: Partial<Parameters<typeof runExtraction>[0]> = {}) =>
  runExtraction({ settings: compatible, config, definition: receipt(), input: { type: 'text', text: 'ACME total 12.50' }, ...extra });

describe('runExtraction', () => {
  it('streams the answer, strips reasoning and fences, maps it onto the schema, and reports usage', async () => {
    provider.enqueue({
      kind: 'content',
      content: '<think>The total is 12.50</think>```json\n{"merchant_name": "ACME", "total": 12.5, "line_items": []}\n```',
      reasoning: 'separate reasoning channel',
      chunks: 7,
      usage: { prompt_tokens: 100, completion_tokens: 20 },
    });
    const progress: number[] = [];
    const result = await extract({ onProgress: (p) => progress.push(p.chunks) });
    expect(result.adapter).toBe('generic-json-schema');
    expect(result.model).toBe(GENERIC);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 });
    expect(result.data).toMatchObject({ merchant_name: 'ACME', total: 12.5, tax: null, line_items: [] });
    expect(progress.length).toBeGreaterThanOrEqual(7);

    expect(provider.requests).toHaveLength(1);
    const expected = buildExtractionRequest({ definition: receipt(), input: { type: 'text', text: 'ACME total 12.50' } }, config).body;
    expect(provider.requests[0].body).toEqual(expected);
    expect(provider.requests[0].path).toBe('/v1/chat/completions');
    expect(provider.requests[0].headers.authorization).toBe(`Bearer ${PLACEHOLDER_API_KEY}`);
  });

  it('passes NuExtract chat_template_kwargs through the SDK unchanged', async () => {
    provider.enqueue({ kind: 'content', content: '{"merchant_name": "ACME", "payment_method": ["cash"]}' });
    const result = await extract({ definition: receipt(NUEXTRACT) });
    expect(result.adapter).toBe('nuextract-template');
    expect(result.data).toMatchObject({ merchant_name: 'ACME', payment_method: 'cash', line_items: [] });
    const body = provider.requests[0].body;
    expect(body.chat_template_kwargs.examples).toEqual([]);
    expect(JSON.parse(body.chat_template_kwargs.template).merchant_phone).toBe('phone-number');
    expect(body).not.toHaveProperty('response_format');
  });

  it('retries once with max_tokens when the server rejects max_completion_tokens', async () => {
    provider.enqueue(
      { kind: 'error', status: 400, body: { error: { message: 'Unrecognized request argument supplied: max_completion_tokens', type: 'invalid_request_error' } } },
      { kind: 'content', content: '{"total": 1}' },
    );
    const result = await extract();
    expect((result.data as { total: number }).total).toBe(1);
    expect(provider.requests).toHaveLength(2);
    const [first, second] = provider.requests.map((r) => r.body);
    expect(first.max_completion_tokens).toBe(1234);
    expect(first).not.toHaveProperty('max_tokens');
    expect(second.max_tokens).toBe(1234);
    expect(second).not.toHaveProperty('max_completion_tokens');
    const { max_completion_tokens: _a, ...firstRest } = first;
    const { max_tokens: _b, ...secondRest } = second;
    expect(secondRest).toEqual(firstRest);
  });

  it('sends exactly one request for any other rejection, with the provider message', async () => {
    provider.enqueue({ kind: 'error', status: 400, body: { object: 'error', message: 'model does not support image input', type: 'BadRequestError', param: null, code: 400 } });
    const err = (await extract().catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe('provider_rejected');
    expect(err.retryable).toBe(false);
    expect(err.status).toBe(400);
    expect(err.message).toContain('model does not support image input');
    await new Promise((r) => setTimeout(r, 50));
    expect(provider.requests).toHaveLength(1);
  });

  it('does not fall back twice: a second rejection is reported', async () => {
    const reject = { kind: 'error' as const, status: 400, body: { error: { message: 'max_completion_tokens is not supported' } } };
    provider.enqueue(reject, { kind: 'error', status: 400, body: { error: { message: 'max_tokens is not supported either' } } });
    await expect(extract()).rejects.toMatchObject({ code: 'provider_rejected', message: expect.stringContaining('either') });
    expect(provider.requests).toHaveLength(2);
  });

  it('reports a stream cut by the token limit as output_truncated, not as a JSON error', async () => {
    provider.enqueue({ kind: 'content', content: '{"merchant_name": "AC', finishReason: 'length' });
    const err = (await extract().catch((e: unknown) => e)) as OutputError;
    expect(err).toBeInstanceOf(OutputError);
    expect(err.code).toBe('output_truncated');
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('1234');
  });

  it('reports unparseable output as output_invalid_json', async () => {
    provider.enqueue({ kind: 'content', content: 'The total is 12.50.' });
    await expect(extract()).rejects.toMatchObject({ code: 'output_invalid_json', retryable: true });
  });

  it.each([
    [{ kind: 'error' as const, status: 429, headers: { 'retry-after': '7' } }, 'provider_rate_limited', true],
    [{ kind: 'error' as const, status: 401 }, 'provider_auth_failed', false],
    [{ kind: 'error' as const, status: 503 }, 'provider_unavailable', true],
    [{ kind: 'reset' as const }, 'provider_unavailable', true],
    [{ kind: 'malformed' as const }, 'provider_protocol_error', true],
    [{ kind: 'html' as const }, 'provider_protocol_error', true],
  ])('classifies %j as %s', async (step, code, retryable) => {
    provider.enqueue(step);
    const err = (await extract().catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect([err.code, err.retryable]).toEqual([code, retryable]);
    if (code === 'provider_rate_limited') expect(err.retryAfterMs).toBe(7000);
    expect(provider.requests).toHaveLength(1);
  });

  it('reports an HTML page answered with 200 as provider_protocol_error, naming its type', async () => {
    provider.enqueue({ kind: 'html' });
    const err = (await extract().catch((e: unknown) => e)) as ProviderError;
    expect([err.code, err.message]).toEqual(['provider_protocol_error', expect.stringContaining('text/html')]);
  });

  it('accepts a JSON completion from a server that ignores stream: true', async () => {
    provider.enqueue({ kind: 'content', content: '{"merchant_name": "ACME", "total": 3, "line_items": []}', ignoreStream: true });
    const result = await extract();
    expect(provider.requests[0].body.stream).toBe(true);
    expect(result.data).toMatchObject({ merchant_name: 'ACME', total: 3 });
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ prompt_tokens: 10 });
  });

  it('aborting the signal cancels the in-flight HTTP request', async () => {
    provider.enqueue({ kind: 'stall' });
    const controller = new AbortController();
    const reason = new Error('activity cancelled');
    const pending = extract({ signal: controller.signal }).catch((e: unknown) => e);
    await provider.waitForRequests(1);
    controller.abort(reason);
    expect(await pending).toBe(reason);
    await new Promise((r) => setTimeout(r, 100));
    expect(provider.requests[0].closedEarly).toBe(true);
  });

  it('aborting while content is streaming stops the stream', async () => {
    provider.enqueue({ kind: 'content', content: '{"total": 1}', chunks: 10, chunkDelayMs: 100 });
    const controller = new AbortController();
    const pending = extract({
      signal: controller.signal,
      onProgress: (p) => {
        if (p.chunks === 2) controller.abort(new Error('stop'));
      },
    }).catch((e: unknown) => e);
    expect(await pending).toEqual(new Error('stop'));
    await new Promise((r) => setTimeout(r, 150));
    expect(provider.requests[0].closedEarly).toBe(true);
  });
});

describe('bounded streams', () => {
  const bounded = loadConfig({ SERVICE_EXTRACTION_MAX_TOKENS: '100', SERVICE_PROVIDER_IDLE_TIMEOUT_MS: '300' });

  it.each([
    ['headers and then nothing', { kind: 'stall' as const }],
    ['one chunk and then nothing', { kind: 'stall' as const, content: '{"merchant' }],
  ])('aborts a stream that sends %s after the idle limit, as a retryable provider_timeout', async (_what, step) => {
    provider.enqueue(step);
    const startedAt = Date.now();
    const err = (await extract({ config: bounded }).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect([err.code, err.retryable]).toEqual(['provider_timeout', true]);
    expect(err.message).toContain('300 ms');
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(provider.requests[0].closedEarly).toBe(true);
  });

  it('a stream slower than the idle limit in total, but never silent that long, is not aborted', async () => {
    provider.enqueue({ kind: 'content', content: '{"merchant_name": "ACME", "total": 1, "line_items": []}', chunks: 6, chunkDelayMs: 150 });
    const result = await extract({ config: bounded });
    expect(result.data).toMatchObject({ merchant_name: 'ACME' });
  });

  it('cuts off a stream that runs far past its token budget, as output_truncated, and closes the request', async () => {
    provider.enqueue({ kind: 'endless' });
    const err = (await extract({ config: bounded }).catch((e: unknown) => e)) as OutputError;
    expect(err).toBeInstanceOf(OutputError);
    expect(err.code).toBe('output_truncated');
    // The server sees the close a moment later (longer on a loaded machine).
    for (const until = Date.now() + 5_000; !provider.requests[0].closedEarly && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    expect(provider.requests[0].closedEarly).toBe(true);
    // 100 tokens: at most 1,600 characters are read (64 a chunk), with what was in flight besides.
    expect(provider.requests[0].chunksSent).toBeLessThan(2_000);
  });

  it('cuts off a stream of events without characters too', async () => {
    provider.enqueue({ kind: 'endless', piece: '' });
    await expect(extract({ config: bounded })).rejects.toMatchObject({ code: 'output_truncated' });
  });
});

describe('runPageTranscription', () => {
  it('returns the page Markdown with think tags removed (NuExtract markdown mode)', async () => {
    provider.enqueue({ kind: 'content', content: '<think>a table</think># Invoice\n\n| Item | Price |\n|---|---|\n| Tea | 3 |', usage: { prompt_tokens: 900, completion_tokens: 30 } });
    const result = await runPageTranscription({
      settings: compatible,
      config,
      definition: { instructions: '', model: NUEXTRACT, reasoningEffort: 'low' },
      image: png,
    });
    expect(result).toEqual({
      markdown: '# Invoice\n\n| Item | Price |\n|---|---|\n| Tea | 3 |',
      usage: { prompt_tokens: 900, completion_tokens: 30, total_tokens: 930 },
      model: NUEXTRACT,
      adapter: 'nuextract-markdown',
      finishReason: 'stop',
    });
    expect(provider.requests[0].body.chat_template_kwargs).toEqual({ mode: 'markdown', enable_thinking: true });
    expect(provider.requests[0].body.max_completion_tokens).toBe(5678);
  });

  it('reports a truncated page as output_truncated', async () => {
    provider.enqueue({ kind: 'content', content: '# Half a pa', finishReason: 'length' });
    await expect(
      runPageTranscription({ settings: compatible, config, definition: { instructions: '', model: GENERIC, reasoningEffort: null }, image: png }),
    ).rejects.toMatchObject({ code: 'output_truncated', retryable: false });
  });
});

describe('provider connections', () => {
  it('hosted_api requires a key and sends no request without one', async () => {
    const settings: ProviderSettings = { name: 'hosted_api', baseUrl: provider.baseUrl, configuration: {}, apiKey: null, apiKeyEnv: 'SCRIPTED_TEST_UNSET_KEY' };
    delete process.env.SCRIPTED_TEST_UNSET_KEY;
    await expect(extract({ settings })).rejects.toMatchObject({ code: 'provider_key_missing', retryable: false });
    expect(provider.requests).toHaveLength(0);
  });

  it('reads the key from the named environment variable at call time', async () => {
    const settings: ProviderSettings = { name: 'hosted_api', baseUrl: provider.baseUrl, configuration: {}, apiKey: null, apiKeyEnv: 'SCRIPTED_TEST_KEY' };
    process.env.SCRIPTED_TEST_KEY = 'env-key-1';
    await extract({ settings });
    process.env.SCRIPTED_TEST_KEY = 'env-key-2';
    await extract({ settings });
    delete process.env.SCRIPTED_TEST_KEY;
    expect(provider.requests.map((r) => r.headers.authorization)).toEqual(['Bearer env-key-1', 'Bearer env-key-2']);
  });

  it('a stored key wins over the environment variable', async () => {
    process.env.SCRIPTED_TEST_KEY = 'env-key';
    await extract({ settings: { ...compatible, apiKey: 'stored-key', apiKeyEnv: 'SCRIPTED_TEST_KEY' } });
    delete process.env.SCRIPTED_TEST_KEY;
    expect(provider.requests[0].headers.authorization).toBe('Bearer stored-key');
  });

  it('hosted_project_api calls <project_url>/openai/v1 with the key in the api-key header', async () => {
    const settings: ProviderSettings = { name: 'hosted_project_api', baseUrl: null, configuration: { project_url: `${provider.projectUrl}/` }, apiKey: 'azure-key', apiKeyEnv: null };
    await extract({ settings, definition: { ...receipt(), model: 'my-gpt-deployment' } });
    const rec = provider.requests[0];
    expect(rec.path).toBe('/api/projects/scripted/openai/v1/chat/completions');
    expect(rec.headers['api-key']).toBe('azure-key');
    expect(rec.headers.authorization).toBeUndefined();
    expect(rec.body.model).toBe('my-gpt-deployment');
  });

  it('hosted_project_api without project_url is a configuration error', async () => {
    const settings: ProviderSettings = { name: 'hosted_project_api', baseUrl: null, configuration: {}, apiKey: 'k', apiKeyEnv: null };
    await expect(extract({ settings })).rejects.toMatchObject({ code: 'provider_not_configured', retryable: false });
  });
});

describe('listModels', () => {
  const models = ['gpt-4.1', 'gpt-4o-mini', 'o3', 'text-embedding-3-small', 'whisper-1', 'tts-1-hd', 'gpt-4o-mini-transcribe', 'dall-e-3', 'gpt-image-1',
    'omni-moderation-latest', 'davinci-002', 'babbage-002', 'gpt-3.5-turbo-instruct', 'gpt-4o-realtime-preview', 'gpt-4o-search-preview', 'gpt-4o-audio-preview', 'gpt-3.5-turbo'];

  it('compatible_api returns every model the server lists', async () => {
    provider.setModels(['numind/NuExtract-2.0-8B', 'text-embedding-3-small']);
    expect(await listModels(compatible, config)).toEqual(['numind/NuExtract-2.0-8B', 'text-embedding-3-small']);
    expect(provider.listingRequests[0].path).toBe('/v1/models');
  });

  it('hosted_api keeps plausible chat models only', async () => {
    provider.setModels(models);
    const settings: ProviderSettings = { name: 'hosted_api', baseUrl: provider.baseUrl, configuration: {}, apiKey: 'k', apiKeyEnv: null };
    expect(await listModels(settings, config)).toEqual(['gpt-4.1', 'gpt-4o-mini', 'o3', 'gpt-3.5-turbo']);
    expect(provider.listingRequests[0].headers.authorization).toBe('Bearer k');
  });

  it('hosted_project_api lists the chat deployments of the project', async () => {
    provider.setDeployments([
      { type: 'ModelDeployment', name: 'chat-main', modelName: 'gpt-4.1', capabilities: { chat_completion: 'true' } },
      { type: 'ModelDeployment', name: 'embedder', modelName: 'text-embedding-3-large', capabilities: { embeddings: 'true' } },
      { type: 'ModelDeployment', name: 'no-caps', modelName: 'Phi-4' },
    ]);
    const settings: ProviderSettings = { name: 'hosted_project_api', baseUrl: null, configuration: { project_url: provider.projectUrl }, apiKey: 'azure-key', apiKeyEnv: null };
    expect(await listModels(settings, config)).toEqual(['chat-main', 'no-caps']);
    const rec = provider.listingRequests[0];
    expect(rec.path).toBe('/api/projects/scripted/deployments?api-version=v1');
    expect(rec.headers['api-key']).toBe('azure-key');
  });

  it('errors become ProviderError with the provider message', async () => {
    const down: ProviderSettings = { ...compatible, baseUrl: 'http://127.0.0.1:1/v1' };
    await expect(listModels(down, config)).rejects.toMatchObject({ code: 'provider_unavailable', retryable: true });

    provider.setListingError({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
    const hosted: ProviderSettings = { name: 'hosted_api', baseUrl: provider.baseUrl, configuration: {}, apiKey: 'bad', apiKeyEnv: null };
    await expect(listModels(hosted, config)).rejects.toMatchObject({
      code: 'provider_auth_failed',
      status: 401,
      message: 'Provider returned HTTP 401: Incorrect API key provided',
    });

    provider.setListingError({ status: 404, body: { error: { code: 'NotFound', message: 'Project not found' } } });
    const project: ProviderSettings = { name: 'hosted_project_api', baseUrl: null, configuration: { project_url: provider.projectUrl }, apiKey: 'k', apiKeyEnv: null };
    const err = (await listModels(project, config).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect([err.code, err.status, err.message]).toEqual(['provider_rejected', 404, 'Provider returned HTTP 404: Project not found']);

    await expect(listModels({ ...project, apiKey: null }, config)).rejects.toMatchObject({ code: 'provider_key_missing' });
  });
});
