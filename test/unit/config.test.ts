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

  it('extracts long documents in windows of 8 pages or 24,000 characters, up to SERVICE_MAX_PAGES pages', () => {
    const c = loadConfig({});
    expect(c.extractionWindowPages).toBe(8);
    expect(c.extractionWindowChars).toBe(24_000);
    expect(c.extractionMaxPages).toBe(c.maxPages);
    expect(loadConfig({ SERVICE_MAX_PAGES: '300' }).extractionMaxPages).toBe(300);
    expect(loadConfig({ SERVICE_MAX_PAGES: '300', SERVICE_EXTRACTION_MAX_PAGES: '40' }).extractionMaxPages).toBe(40);
  });

  it('holds a long-poll at most SERVICE_LONG_POLL_MAX_S: 8 s by default, 0-60', () => {
    expect(loadConfig({}).longPollMaxSeconds).toBe(8);
    expect(loadConfig({ SERVICE_LONG_POLL_MAX_S: '60' }).longPollMaxSeconds).toBe(60);
    expect(loadConfig({ SERVICE_LONG_POLL_MAX_S: '0' }).longPollMaxSeconds).toBe(0);
    expect(() => loadConfig({ SERVICE_LONG_POLL_MAX_S: '61' })).toThrow(/SERVICE_LONG_POLL_MAX_S/);
    expect(() => loadConfig({ SERVICE_LONG_POLL_MAX_S: '-1' })).toThrow(/SERVICE_LONG_POLL_MAX_S/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', SERVICE_PAGE_CONCURRENCY: '0' })).toThrow(
      /PORT[\s\S]*SERVICE_PAGE_CONCURRENCY|SERVICE_PAGE_CONCURRENCY[\s\S]*PORT/,
    );
  });
});

describe('page image format', () => {
  it('renders PNG by default, JPEG at quality 85 when asked', () => {
    expect(loadConfig({})).toMatchObject({ renderFormat: 'png', renderJpegQuality: 85 });
    expect(loadConfig({ SERVICE_RENDER_FORMAT: 'jpeg' })).toMatchObject({ renderFormat: 'jpeg', renderJpegQuality: 85 });
    expect(loadConfig({ SERVICE_RENDER_FORMAT: 'jpeg', SERVICE_RENDER_JPEG_QUALITY: '60' })).toMatchObject({ renderFormat: 'jpeg', renderJpegQuality: 60 });
    expect(loadConfig({ SERVICE_RENDER_FORMAT: '' }).renderFormat).toBe('png');
  });

  it('refuses an unknown format and a quality outside 1–100 at start-up, naming the variable', () => {
    for (const [env, pattern] of [
      [{ SERVICE_RENDER_FORMAT: 'webp' }, /SERVICE_RENDER_FORMAT: must be png or jpeg/],
      [{ SERVICE_RENDER_FORMAT: 'PNG' }, /SERVICE_RENDER_FORMAT: must be png or jpeg/],
      [{ SERVICE_RENDER_JPEG_QUALITY: '0' }, /SERVICE_RENDER_JPEG_QUALITY/],
      [{ SERVICE_RENDER_JPEG_QUALITY: '101' }, /SERVICE_RENDER_JPEG_QUALITY/],
      [{ SERVICE_RENDER_JPEG_QUALITY: '85.5' }, /SERVICE_RENDER_JPEG_QUALITY/],
      [{ SERVICE_RENDER_JPEG_QUALITY: 'high' }, /SERVICE_RENDER_JPEG_QUALITY/],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(pattern);
    }
  });
});
