// Token probabilities on extraction requests: asked for on every one, dropped for a server that
// refuses the parameter, and that refusal remembered per provider and model in this process, so
// each later request goes without them at once instead of failing first.
import { ProviderError } from './errors.js';
import type { ChatRequestBody, ProviderSettings } from './types.js';

/** What every extraction request asks: the chosen token's log probability and its 5 best alternatives. */
export const LOGPROB_FIELDS = { logprobs: true, top_logprobs: 5 } as const;

const refused = new Set<string>();

const keyOf = (settings: ProviderSettings, model: string) => `${settings.name}\u0000${settings.baseUrl ?? ''}\u0000${model}`;

/** True when this provider's server has refused `logprobs` for this model. */
export function logprobsRefused(settings: ProviderSettings, model: string): boolean {
  return refused.has(keyOf(settings, model));
}

export function rememberLogprobsRefused(settings: ProviderSettings, model: string): void {
  refused.add(keyOf(settings, model));
}

/** Forget every refusal (tests). */
export function forgetLogprobsRefusals(): void {
  refused.clear();
}

/** A rejection (HTTP 400/422) whose message names the `logprobs` parameter. */
export function rejectsLogprobs(err: unknown): boolean {
  if (!(err instanceof ProviderError) || err.code !== 'provider_rejected') return false;
  if (err.status !== undefined && err.status !== 400 && err.status !== 422) return false;
  const cause = err.cause as { param?: unknown; error?: unknown } | undefined;
  const said = [err.message, typeof cause?.param === 'string' ? cause.param : '', JSON.stringify(cause?.error ?? null)].join(' ');
  return /logprobs/i.test(said);
}

/** The body without the token-probability fields. */
export function withoutLogprobs(body: ChatRequestBody): ChatRequestBody {
  const { logprobs: _l, top_logprobs: _t, ...rest } = body;
  return rest as ChatRequestBody;
}
