// The line every client shows while a job retries its model calls (clients/typescript/waiting.ts).
import { describe, expect, it } from '@jest/globals';
import { describeWaiting } from '../../clients/typescript/waiting.js';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const retry = {
  attempt: 5,
  last_error_code: 'provider_unavailable' as const,
  last_error_message: 'Could not reach the provider: connect ECONNREFUSED 127.0.0.1:8080',
  next_attempt_at: '2026-11-26T10:00:11.200Z',
};

describe('describeWaiting', () => {
  it('says what the job waits for: the code, the message, the attempt and when the next one is', () => {
    expect(describeWaiting({ status: 'running', retry }, NOW)).toBe(
      'waiting for the model: provider_unavailable — Could not reach the provider: connect ECONNREFUSED 127.0.0.1:8080 — attempt 5, next in 12 s',
    );
  });

  it('says "next now" once the next attempt is due', () => {
    expect(describeWaiting({ status: 'running', retry: { ...retry, next_attempt_at: '2026-11-26T09:59:59.000Z' } }, NOW)).toMatch(/attempt 5, next now$/);
  });

  it('keeps a long or multi-line message on one short line', () => {
    const line = describeWaiting({ status: 'running', retry: { ...retry, last_error_message: `a\n${'x'.repeat(500)}` } }, NOW)!;
    expect(line).not.toContain('\n');
    expect(line.length).toBeLessThan(260);
  });

  it('is undefined when nothing is retried or the job has ended', () => {
    expect(describeWaiting({ status: 'running', retry: null }, NOW)).toBeUndefined();
    expect(describeWaiting({ status: 'running' }, NOW)).toBeUndefined();
    expect(describeWaiting({ status: 'failed', retry }, NOW)).toBeUndefined();
  });
});
