// SDK and network failures → ProviderError with a stable code and retryability.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { codeForStatus, ModelCallError, parseRetryAfter, ProviderError } from './errors.js';

/** The provider's own words, without the SDK's "400 " prefix. */
export function providerMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message) return body.message;
  if (body && body.message !== undefined) return JSON.stringify(body.message);
  return err.message.replace(/^\d{3} /, '');
}

/**
 * Classify any failure of a provider call. A failure caused by our own abort signal is returned
 * as the signal's reason (for Temporal, the activity's cancellation), never as a provider error.
 */
export function classifyError(err: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return signal.reason ?? err;
  if (err instanceof ModelCallError) return err;
  if (err instanceof APIUserAbortError) return err;
  if (err instanceof APIConnectionTimeoutError) {
    return new ProviderError('provider_timeout', 'The provider did not answer in time', { cause: err });
  }
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    return new ProviderError('provider_unavailable', `Could not reach the provider: ${cause ?? err.message}`, { cause: err });
  }
  if (err instanceof APIError) {
    if (err.status === undefined) {
      // An error event inside an otherwise healthy stream.
      return new ProviderError('provider_unavailable', `The provider reported an error while streaming: ${providerMessage(err)}`, { cause: err });
    }
    const retryAfterMs = parseRetryAfter(err.headers?.get('retry-after'));
    return new ProviderError(codeForStatus(err.status), `Provider returned HTTP ${err.status}: ${providerMessage(err)}`, {
      status: err.status,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      cause: err,
    });
  }
  if (err instanceof SyntaxError) {
    return new ProviderError('provider_protocol_error', `The provider sent a malformed response: ${err.message}`, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ProviderError('provider_unavailable', `The connection to the provider failed: ${message}`, { cause: err });
}

const UNSUPPORTED = /unsupported|not supported|unrecogni[sz]ed|unknown|not permitted|not allowed|unexpected|extra (?:fields|inputs|parameters?)|invalid (?:param|argument|field)/i;

/**
 * True when a server refused the request because it does not know `max_completion_tokens`
 * (older Azure API versions, older vLLM and llama.cpp builds). OpenAI's opposite complaint,
 * "'max_tokens' is not supported … use 'max_completion_tokens' instead", does not count.
 */
export function rejectsMaxCompletionTokens(err: unknown): boolean {
  if (!(err instanceof APIError) || (err.status !== 400 && err.status !== 422)) return false;
  if (err.param === 'max_completion_tokens') return true;
  const text = [providerMessage(err), JSON.stringify(err.error ?? null)]
    .join(' ')
    .replace(/use\s+[`'"]?max_completion_tokens[`'"]?\s+instead/gi, '');
  if (!text.includes('max_completion_tokens')) return false;
  // The complaint must be about the field, not its value ("max_completion_tokens is too large").
  return text
    .split(/(?<=[.;\n])\s+|\}\s*,\s*\{/)
    .some((sentence) => sentence.includes('max_completion_tokens') && UNSUPPORTED.test(sentence));
}
