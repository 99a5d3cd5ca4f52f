import { describe, expect, it } from '@jest/globals';
import { loadConfig, ConfigError } from '../../src/config/index.js';

describe('loadConfig', () => {
  it('applies documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8000);
    expect(c.parsingMaxTokens).toBe(8192);
    expect(c.temporal.namespace).toBe('default');
    expect(c.nuextractModels).toContain(c.localModel);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', SERVICE_PAGE_CONCURRENCY: '0' })).toThrow(
      /PORT[\s\S]*SERVICE_PAGE_CONCURRENCY|SERVICE_PAGE_CONCURRENCY[\s\S]*PORT/,
    );
  });
});
