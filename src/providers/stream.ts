// One streamed chat completion: deltas accumulated, reasoning kept apart, usage collected.
import type OpenAI from 'openai';
import { classifyError, rejectsMaxCompletionTokens } from './classify.js';
import { ProviderError } from './errors.js';
import type { ChatRequestBody, ProgressListener, Usage } from './types.js';

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
}

export interface StreamOptions {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

interface DeltaExtras {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

async function streamOnce(client: OpenAI, body: ChatRequestBody, opts: StreamOptions): Promise<CompletionResult> {
  const stream = await client.chat.completions.create(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming, {
    signal: opts.signal,
  });
  let text = '';
  let reasoning = '';
  let finishReason: string | null = null;
  let usage: Usage | null = null;
  let model: string | null = null;
  let chunks = 0;
  for await (const chunk of stream) {
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
      if (typeof delta.reasoning_content === 'string') reasoning += delta.reasoning_content;
      else if (typeof delta.reasoning === 'string') reasoning += delta.reasoning;
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    opts.onProgress?.({ chunks, characters: text.length + reasoning.length });
  }
  // The SDK ends the iteration quietly on abort; the caller must still see the cancellation.
  if (opts.signal?.aborted) throw opts.signal.reason;
  if (finishReason === null) {
    throw new ProviderError('provider_unavailable', 'The provider closed the stream before the model finished');
  }
  return { text, reasoning, finishReason, usage, model, body };
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
