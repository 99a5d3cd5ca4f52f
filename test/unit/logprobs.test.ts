import { describe, expect, it } from '@jest/globals';
import { ProviderError } from '../../src/providers/errors.js';
import {
  forgetLogprobsRefusals,
  logprobsRefused,
  rejectsLogprobs,
  rememberLogprobsRefused,
  withoutLogprobs,
} from '../../src/providers/logprobs.js';
import type { ProviderSettings } from '../../src/providers/types.js';

const settings: ProviderSettings = { name: 'compatible_api', baseUrl: 'http://127.0.0.1:1/v1', configuration: {}, apiKey: null, apiKeyEnv: null };

describe('token probabilities on requests', () => {
  it('recognises a 400 naming logprobs, and nothing else', () => {
    expect(rejectsLogprobs(new ProviderError('provider_rejected', "Provider returned HTTP 400: Unsupported parameter: 'logprobs'", { status: 400 }))).toBe(true);
    expect(rejectsLogprobs(new ProviderError('provider_rejected', 'Provider returned HTTP 400: bad', { status: 400, cause: { param: 'top_logprobs' } }))).toBe(true);
    expect(rejectsLogprobs(new ProviderError('provider_rejected', 'Provider returned HTTP 400: max_tokens is too large', { status: 400 }))).toBe(false);
    expect(rejectsLogprobs(new ProviderError('provider_unavailable', 'logprobs backend down', { status: 503 }))).toBe(false);
    expect(rejectsLogprobs(new Error('logprobs'))).toBe(false);
  });

  it('drops both fields, and remembers a refusal per provider and model', () => {
    expect(withoutLogprobs({ model: 'm', messages: [], logprobs: true, top_logprobs: 5, stream: true })).toEqual({ model: 'm', messages: [], stream: true });
    forgetLogprobsRefusals();
    expect(logprobsRefused(settings, 'a')).toBe(false);
    rememberLogprobsRefused(settings, 'a');
    expect(logprobsRefused(settings, 'a')).toBe(true);
    expect(logprobsRefused(settings, 'b')).toBe(false);
    expect(logprobsRefused({ ...settings, name: 'hosted_api' }, 'a')).toBe(false);
    forgetLogprobsRefusals();
  });
});
