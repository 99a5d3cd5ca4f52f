// Bounds of a model call: the attempt's limit within Temporal's start-to-close, and what a
// stream may read for its token budget (src/providers/attempt-deadline.ts, stream-bounds.ts).
import { describe, expect, it } from '@jest/globals';
import { attemptLimitMs } from '../../src/providers/attempt-deadline.js';
import { chunkCharacters, streamLimits, tokenBudget } from '../../src/providers/stream-bounds.js';

describe('attemptLimitMs', () => {
  it('is SERVICE_PROVIDER_TIMEOUT_MS when Temporal allows a minute more (activities scheduled now)', () => {
    expect(attemptLimitMs(300_000, 360_000)).toBe(300_000);
    expect(attemptLimitMs(5_000, 65_000)).toBe(5_000);
  });

  it('ends before Temporal would when the start-to-close is the bare timeout (activities scheduled before)', () => {
    expect(attemptLimitMs(300_000, 300_000)).toBe(270_000);
    expect(attemptLimitMs(2_000, 2_000)).toBe(1_800);
  });

  it('is the configured limit when no start-to-close is known', () => {
    expect(attemptLimitMs(300_000, undefined)).toBe(300_000);
    expect(attemptLimitMs(300_000, 0)).toBe(300_000);
  });
});

describe('stream limits', () => {
  it('reads the budget from max_completion_tokens or max_tokens', () => {
    expect(tokenBudget({ model: 'm', messages: [], max_completion_tokens: 4096 } as never)).toBe(4096);
    expect(tokenBudget({ model: 'm', messages: [], max_tokens: 512 } as never)).toBe(512);
    expect(tokenBudget({ model: 'm', messages: [] } as never)).toBeUndefined();
  });

  it('bounds characters, events and bytes by the budget; no budget, no bound', () => {
    expect(streamLimits(100)).toEqual({ chars: 1_600, events: 464, bytes: 100 * 2048 + 1024 * 1024 });
    expect(streamLimits(undefined)).toEqual({ chars: Infinity, events: Infinity, bytes: Infinity });
  });

  it('counts the answer and reasoning characters of choice 0', () => {
    const chunk = {
      choices: [
        { index: 0, delta: { content: 'abc', reasoning_content: 'de' } },
        { index: 1, delta: { content: 'ignored' } },
      ],
    };
    expect(chunkCharacters(chunk)).toBe(5);
    expect(chunkCharacters({ choices: [], usage: {} })).toBe(0);
    expect(chunkCharacters(null)).toBe(0);
  });
});
