// One streamed chat completion: deltas accumulated, reasoning kept apart, usage collected.
import type OpenAI from 'openai';
import { classifyError, rejectsMaxCompletionTokens } from './classify.js';
import { ProviderError } from './errors.js';
import { encodeJsonBody } from './request-body.js';
import { StreamGuard, tokenBudget, type StreamBounds } from './stream-bounds.js';
import type { ChatRequestBody, ProgressListener, TokenLogprob, Usage } from './types.js';

export interface CompletionResult {
  /** Answer text as streamed (reasoning deltas excluded; inline <think> tags still present). */
  text: string;
  /** Text of `reasoning_content` / `reasoning` deltas, when the server separates it. */
  reasoning: string;
  finishReason: string | null;
  usage: Usage | null;
  /** Model id the server reported, when it did. */
  model: string | null;
  /** The body that produced the answer (after the max_tokens fallback, if it happened). */
  body: ChatRequestBody;
  /** Token log probabilities of the answer (`choices[0].logprobs.content`), or null when the server sent none. */
  logprobs: TokenLogprob[] | null;
}

export interface StreamOptions {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** Awaited after the body is encoded, before the request is sent. */
  beforeSend?: () => Promise<void>;
  /** Idle limit and token budget of the stream (stream-bounds.ts); the budget defaults to the body's. */
  bounds?: StreamBounds;
}

interface DeltaExtras {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

async function streamOnce(client: OpenAI, body: ChatRequestBody, opts: StreamOptions): Promise<CompletionResult> {
  // Encoded first: a request that waits for its slot is then sent the moment it has one.
  const encoded = encodeJsonBody(body);
  await opts.beforeSend?.();
  const guard = new StreamGuard({ maxTokens: tokenBudget(body), ...opts.bounds }, opts.signal);
  try {
    return await readStream(client, body, encoded, guard, opts);
  } catch (err) {
    // Our own abort (the idle limit) surfaces from the SDK as an abort: say what it was.
    throw guard.failure ?? err;
  } finally {
    guard.stop();
  }
}

async function readStream(
  client: OpenAI,
  body: ChatRequestBody,
  encoded: Buffer,
  guard: StreamGuard,
  opts: StreamOptions,
): Promise<CompletionResult> {
  const { data: stream, response } = await client.chat.completions
    // The body goes as bytes we encode (src/providers/request-body.ts), not the SDK's JSON.stringify.
    .create(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming, {
      signal: guard.signal,
      body: encoded,
      headers: { 'content-type': 'application/json' },
      // The response body ends at the budget's byte limit (request-fetch.ts): memory stays bounded.
      fetchOptions: { responseLimit: { bytes: guard.limits.bytes, onExceeded: guard.bytesExceeded } } as object,
    })
    .withResponse();
  // The SDK reads any 200 body as an event stream: an HTML page (a proxy's login or error page)
  // would look like a stream cut short and be retried as an outage. Only an event stream (or a
  // server that names no type) is read as one; a JSON completion is accepted as the answer.
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type && !type.includes('text/event-stream')) {
    if (/[/+]json\b/.test(type)) return jsonCompletion(await response.text(), body);
    throw new ProviderError(
      'provider_protocol_error',
      `The provider answered HTTP ${response.status} with ${type.split(';')[0]} instead of an event stream or a JSON completion`,
    );
  }
  let text = '';
  let reasoning = '';
  let finishReason: string | null = null;
  let usage: Usage | null = null;
  let model: string | null = null;
  let chunks = 0;
  let logprobs: TokenLogprob[] | null = null;
  for await (const chunk of guard.events(stream)) {
    chunks += 1;
    if (chunk.model) model = chunk.model;
    if (chunk.usage) {
      const u = chunk.usage;
      usage = {
        prompt_tokens: u.prompt_tokens ?? 0,
        completion_tokens: u.completion_tokens ?? 0,
        total_tokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0),
      };
    }
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const delta = (choice.delta ?? {}) as typeof choice.delta & DeltaExtras;
      if (typeof delta.content === 'string') text += delta.content;
      logprobs = collectLogprobs(logprobs, (choice as { logprobs?: unknown }).logprobs);
      if (typeof delta.reasoning_content === 'string') reasoning += delta.reasoning_content;
      else if (typeof delta.reasoning === 'string') reasoning += delta.reasoning;
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    opts.onProgress?.({ chunks, characters: text.length + reasoning.length });
  }
  // The SDK ends the iteration quietly on abort; the caller must still see the cancellation.
  if (opts.signal?.aborted) throw opts.signal.reason;
  if (guard.failure) throw guard.failure;
  // Far past its token budget: read as the length stop the provider should have made.
  if (guard.cutOff) finishReason = 'length';
  if (finishReason === null) {
    throw new ProviderError('provider_unavailable', 'The provider closed the stream before the model finished');
  }
  return { text, reasoning, finishReason, usage, model, body, logprobs };
}

/** A whole (non-streamed) chat completion, sent by servers that ignore `stream: true`. */
function jsonCompletion(raw: string, body: ChatRequestBody): CompletionResult {
  let parsed: OpenAI.ChatCompletion;
  try {
    parsed = JSON.parse(raw) as OpenAI.ChatCompletion;
  } catch (err) {
    throw new ProviderError('provider_protocol_error', 'The provider sent a malformed JSON completion', { cause: err });
  }
  const choice = Array.isArray(parsed?.choices) ? parsed.choices.find((c) => (c.index ?? 0) === 0) : undefined;
  if (!choice || typeof choice.message !== 'object' || choice.message === null) {
    throw new ProviderError('provider_protocol_error', 'The provider answered JSON that is not a chat completion');
  }
  const message = choice.message as typeof choice.message & DeltaExtras;
  const u = parsed.usage;
  return {
    text: typeof message.content === 'string' ? message.content : '',
    reasoning:
      typeof message.reasoning_content === 'string' ? message.reasoning_content : typeof message.reasoning === 'string' ? message.reasoning : '',
    finishReason: choice.finish_reason ?? 'stop',
    usage: u
      ? {
          prompt_tokens: u.prompt_tokens ?? 0,
          completion_tokens: u.completion_tokens ?? 0,
          total_tokens: u.total_tokens ?? (u.prompt_tokens ?? 0) + (u.completion_tokens ?? 0),
        }
      : null,
    model: typeof parsed.model === 'string' ? parsed.model : null,
    body,
    logprobs: collectLogprobs(null, (choice as { logprobs?: unknown }).logprobs),
  };
}

/** `into` with the tokens of a chunk's `logprobs.content` appended (created on the first tokens seen). */
function collectLogprobs(into: TokenLogprob[] | null, logprobs: unknown): TokenLogprob[] | null {
  const content = (logprobs as { content?: unknown } | null | undefined)?.content;
  if (!Array.isArray(content)) return into;
  const out = into ?? [];
  for (const t of content) {
    if (!t || typeof t.token !== 'string' || typeof t.logprob !== 'number') continue;
    out.push({ token: t.token, logprob: t.logprob, bytes: Array.isArray(t.bytes) ? t.bytes : null });
  }
  return out;
}

/** The same body with `max_tokens` in place of `max_completion_tokens`, at the same position. */
export function withLegacyTokenField(body: ChatRequestBody): ChatRequestBody {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => (k === 'max_completion_tokens' ? ['max_tokens', v] : [k, v])),
  ) as ChatRequestBody;
}

/**
 * Stream one completion. When the server explicitly rejects `max_completion_tokens`, ask once
 * more with `max_tokens`; every other failure is classified and thrown after one request.
 */
export async function streamCompletion(client: OpenAI, body: ChatRequestBody, opts: StreamOptions = {}): Promise<CompletionResult> {
  try {
    return await streamOnce(client, body, opts);
  } catch (err) {
    if (!opts.signal?.aborted && 'max_completion_tokens' in body && rejectsMaxCompletionTokens(err)) {
      try {
        return await streamOnce(client, withLegacyTokenField(body), opts);
      } catch (retryErr) {
        throw classifyError(retryErr, opts.signal);
      }
    }
    throw classifyError(err, opts.signal);
  }
}
