// askUntilUsable (activities/output-attempts.ts): the loop every model-answering activity runs
// (extraction, its windows, page classification) while the model's output is unusable.
import { describe, expect, it } from '@jest/globals';
import { ApplicationFailure } from '@temporalio/common';
import { pino } from 'pino';
import { askUntilUsable } from '../../activities/output-attempts.js';
import { OutputError, ProviderError } from '../../src/providers/errors.js';

const log = pino({ level: 'silent' });

/** An ask that throws the given errors one call after another, then answers 'stored'. */
function scripted(errors: unknown[]) {
  let calls = 0;
  const ask = async () => {
    const err = errors[calls++];
    if (err) throw err;
    return 'stored' as const;
  };
  return { ask, calls: () => calls };
}

describe('askUntilUsable', () => {
  it('asks again after unusable output and returns the first usable answer', async () => {
    const s = scripted([new OutputError('output_invalid_json', 'not JSON'), new OutputError('output_schema_mismatch', 'no')]);
    await expect(askUntilUsable(3, log, s.ask)).resolves.toBe('stored');
    expect(s.calls()).toBe(3);
  });

  it('fails the job with the last unusable output once every attempt is spent, worded by describe', async () => {
    const s = scripted([new OutputError('output_invalid_json', 'a'), new OutputError('output_schema_mismatch', 'b'), undefined]);
    const err = await askUntilUsable(2, log, s.ask, (m) => `pages 1-2: ${m}`).catch((e: unknown) => e);
    expect(s.calls()).toBe(2);
    expect(err).toBeInstanceOf(ApplicationFailure);
    expect(err).toMatchObject({ type: 'output_schema_mismatch', message: 'pages 1-2: b', nonRetryable: true });
  });

  it('does not ask again after output no new try can fix, nor after another error', async () => {
    const truncated = scripted([new OutputError('output_truncated', 'cut off')]);
    await expect(askUntilUsable(3, log, truncated.ask)).rejects.toMatchObject({ type: 'output_truncated', nonRetryable: true });
    expect(truncated.calls()).toBe(1);
    const provider = new ProviderError('provider_unavailable', 'down', { retryable: true });
    const down = scripted([provider]);
    await expect(askUntilUsable(3, log, down.ask)).rejects.toBe(provider);
    expect(down.calls()).toBe(1);
  });
});
