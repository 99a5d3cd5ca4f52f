import { describe, expect, it } from '@jest/globals';
import { codePointLength, label, text } from '../../src/domain/text.js';
import { openApiDocument } from '../harness/openapi-validator.js';

describe('codePointLength', () => {
  it('counts characters as JSON Schema does', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀')).toBe(1);
    expect(codePointLength('a😀b😀')).toBe(4);
    expect(codePointLength('\ud800')).toBe(1); // unpaired surrogates count one each
    expect(codePointLength('\udc00\ud800')).toBe(2);
    expect(codePointLength('x\ud83d')).toBe(2);
  });
});

describe('text and label', () => {
  it('text(min, max) bounds characters', () => {
    expect(text(1, 2).safeParse('😀😀').success).toBe(true);
    expect(text(1, 2).safeParse('😀😀😀').error?.issues[0]?.code).toBe('too_big');
    expect(text(1, 2).safeParse('').error?.issues[0]?.code).toBe('too_small');
  });

  it('label(max) checks the value as sent, refuses whitespace alone, returns it trimmed', () => {
    expect(label(5).parse('  ab ')).toBe('ab');
    expect(label(5).safeParse('  abcd ').error?.issues[0]?.code).toBe('too_big');
    for (const blank of [' ', '\t\n\r', '\u00a0\u2028\ufeff']) expect(label(5).safeParse(blank).error?.issues[0]?.code).toBe('too_small');
  });

  it('label agrees with the pattern openapi.yaml gives labels', () => {
    const schemas = (openApiDocument() as any).components.schemas;
    const patterns = new Set<string>();
    for (const name of ['ExtractorDefinitionInput', 'ExtractorUpdateInput', 'ParserCreateInput', 'ParserDefinitionInput', 'ParserUpdateInput']) {
      patterns.add(schemas[name].properties.display_name.pattern);
      patterns.add(schemas[name].properties.model.pattern);
    }
    expect(patterns.size).toBe(1);
    const pattern = new RegExp([...patterns][0]!, 'u');
    // No NUL anywhere (the service refuses it in every string, 422 `string_nul`)...
    for (const withNul of ['\0', 'a\0', '\0a', 'a\0b']) expect([withNul, pattern.test(withNul)]).toEqual([withNul, false]);
    // ...and otherwise exactly "not what String.prototype.trim removes", over the whole BMP...
    const disagree: string[] = [];
    const blanks: string[] = [];
    for (let c = 1; c <= 0xffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      if (ch.trim() === '') blanks.push(ch);
      if ((ch.trim() !== '') !== pattern.test(ch)) disagree.push(`U+${c.toString(16).padStart(4, '0')}`);
    }
    expect(disagree).toEqual([]);
    // ...and label() refuses exactly those, accepting what other engines call space (\x1c-\x1f, U+0085).
    expect(blanks.length).toBeGreaterThan(20);
    for (const ch of blanks) expect([ch, label(3).safeParse(ch).success]).toEqual([ch, false]);
    for (const ch of ['\x1c', '\x1f', '\u0085', '\u200b', '\u180e', 'a']) expect([ch, label(3).safeParse(ch).success]).toEqual([ch, true]);
  });
});
