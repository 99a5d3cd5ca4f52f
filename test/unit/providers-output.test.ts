import { describe, expect, it } from '@jest/globals';
import OpenAI from 'openai';
import {
  classifyError,
  cleanMarkdownOutput,
  OutputError,
  parseJsonOutput,
  ProviderError,
  rejectsMaxCompletionTokens,
  stripReasoning,
} from '../../src/providers/index.js';

const badRequest = (error: object) => new OpenAI.BadRequestError(400, error, undefined, new Headers());

describe('output cleaning', () => {
  it('removes <think> blocks, including one opened by the chat template', () => {
    expect(stripReasoning('<think>let me see {"a": 2}</think>\n{"a": 1}')).toBe('{"a": 1}');
    expect(stripReasoning('reasoning without opening tag</think>{"a": 1}')).toBe('{"a": 1}');
    expect(stripReasoning('<think>never finished')).toBe('');
  });

  it('parses JSON inside ```json fences and after reasoning', () => {
    expect(parseJsonOutput('```json\n{"total": 3}\n```')).toEqual({ total: 3 });
    expect(parseJsonOutput('<think>hmm</think>Here you go:\n```json\n{"total": 4}\n```\nDone.')).toEqual({ total: 4 });
    expect(parseJsonOutput('```\n[1, 2]\n```')).toEqual([1, 2]);
  });

  it('reports invalid and empty answers with typed codes', () => {
    expect(() => parseJsonOutput('{"total": ')).toThrow(expect.objectContaining({ code: 'output_invalid_json', retryable: true }));
    expect(() => parseJsonOutput('<think>only thinking</think>')).toThrow(OutputError);
    expect(() => parseJsonOutput('  ')).toThrow(expect.objectContaining({ code: 'output_empty' }));
  });

  it('refuses an answer nested deeper than 128 levels as invalid JSON (retried as such), and takes one at the limit', () => {
    const nested = (depth: number) => `{"v": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    expect(() => parseJsonOutput(nested(5000))).toThrow(expect.objectContaining({ code: 'output_invalid_json', retryable: true }));
    expect(() => parseJsonOutput(nested(129))).toThrow(/deeper than 128 levels/);
    expect(parseJsonOutput(nested(128))).toHaveProperty('v');
  });

  it('unwraps a Markdown answer wrapped in a fence and drops reasoning', () => {
    expect(cleanMarkdownOutput('<think>x</think>```markdown\n# Title\n\n| a | b |\n```')).toBe('# Title\n\n| a | b |');
    expect(cleanMarkdownOutput('# Title\n\n```js\ncode\n```')).toBe('# Title\n\n```js\ncode\n```');
  });
});

describe('error classification', () => {
  it.each([
    [400, 'provider_rejected', false],
    [404, 'provider_rejected', false],
    [422, 'provider_rejected', false],
    [401, 'provider_auth_failed', false],
    [403, 'provider_auth_failed', false],
    [429, 'provider_rate_limited', true],
    [500, 'provider_unavailable', true],
    [503, 'provider_unavailable', true],
  ])('HTTP %i → %s (retryable %s)', (status, code, retryable) => {
    const err = OpenAI.APIError.generate(status, { error: { message: 'the provider says no' } }, undefined, new Headers({ 'retry-after': '3' }));
    const classified = classifyError(err) as ProviderError;
    expect(classified).toBeInstanceOf(ProviderError);
    expect(classified.code).toBe(code);
    expect(classified.retryable).toBe(retryable);
    expect(classified.status).toBe(status);
    expect(classified.message).toBe(`Provider returned HTTP ${status}: the provider says no`);
    expect(classified.retryAfterMs).toBe(3000);
  });

  it('connection failures are retryable unavailability, time-outs a retryable provider_timeout', () => {
    const conn = classifyError(new OpenAI.APIConnectionError({ message: 'Connection error.' })) as ProviderError;
    expect([conn.code, conn.retryable]).toEqual(['provider_unavailable', true]);
    const timeout = classifyError(new OpenAI.APIConnectionTimeoutError()) as ProviderError;
    expect([timeout.code, timeout.retryable]).toEqual(['provider_timeout', true]);
    const garbage = classifyError(new SyntaxError('Unexpected token')) as ProviderError;
    expect([garbage.code, garbage.retryable]).toEqual(['provider_protocol_error', true]);
  });

  it('an abort by our own signal yields the signal reason, not a provider error', () => {
    const controller = new AbortController();
    const reason = new Error('activity cancelled');
    controller.abort(reason);
    expect(classifyError(new OpenAI.APIUserAbortError(), controller.signal)).toBe(reason);
  });
});

describe('max_completion_tokens rejection detection', () => {
  it.each([
    [{ message: "Unrecognized request argument supplied: max_completion_tokens", type: 'invalid_request_error' }],
    [{ message: 'max_completion_tokens is not supported by this server' }],
    [{ message: 'Unsupported parameter', param: 'max_completion_tokens' }],
    [{ message: "[{'type': 'extra_forbidden', 'loc': ('body', 'max_completion_tokens'), 'msg': 'Extra inputs are not permitted'}]" }],
  ])('recognises %j', (error) => {
    expect(rejectsMaxCompletionTokens(badRequest(error))).toBe(true);
  });

  it.each([
    [{ message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." }],
    [{ message: 'max_completion_tokens is too large: 99999. This model supports at most 4096 completion tokens' }],
    [{ message: 'Invalid value for reasoning_effort' }],
  ])('does not mistake %j for it', (error) => {
    expect(rejectsMaxCompletionTokens(badRequest(error))).toBe(false);
  });

  it('only considers 400/422 answers', () => {
    const err = OpenAI.APIError.generate(500, { error: { message: 'max_completion_tokens unsupported' } }, undefined, new Headers());
    expect(rejectsMaxCompletionTokens(err)).toBe(false);
  });
});
