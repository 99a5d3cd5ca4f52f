// SERVICE_EVALUATION_CONCURRENCY: item jobs of one evaluation run in flight, by default the page concurrency.
import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config/index.js';

describe('SERVICE_EVALUATION_CONCURRENCY', () => {
  it('defaults to SERVICE_PAGE_CONCURRENCY', () => {
    expect(loadConfig({}).evaluationConcurrency).toBe(4);
    expect(loadConfig({ SERVICE_PAGE_CONCURRENCY: '7' }).evaluationConcurrency).toBe(7);
  });

  it('is read on its own, 1 to 256', () => {
    expect(loadConfig({ SERVICE_PAGE_CONCURRENCY: '7', SERVICE_EVALUATION_CONCURRENCY: '2' }).evaluationConcurrency).toBe(2);
    expect(() => loadConfig({ SERVICE_EVALUATION_CONCURRENCY: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVICE_EVALUATION_CONCURRENCY: '257' })).toThrow(/SERVICE_EVALUATION_CONCURRENCY/);
  });
});
