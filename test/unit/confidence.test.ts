import { describe, expect, it } from '@jest/globals';
import { answerConfidence, buildFlags, jobConfidence, requiredMissing, valueSpans } from '../../src/confidence/index.js';
import { mergeWindows } from '../../src/long-documents/merge.js';
import type { TokenLogprob } from '../../src/providers/types.js';

const tok = (token: string, p: number, bytes = false): TokenLogprob => ({
  token,
  logprob: Math.log(p),
  bytes: bytes ? [...Buffer.from(token, 'utf8')] : null,
});

describe('valueSpans', () => {
  it('spans only the characters of each value', () => {
    const text = '{"a": "xy", "b": [1.5, true, null], "c": {"d": ""}}';
    const spans = valueSpans(text)!;
    const at = (p: string) => text.slice(...spans.get(p)!);
    expect(at('/a')).toBe('xy');
    expect(at('/b/0')).toBe('1.5');
    expect(at('/b/1')).toBe('true');
    expect(at('/b/2')).toBe('null');
    expect(at('/c/d')).toBe('"'); // an empty string: its closing quote
  });

  it('escapes pointer tokens and refuses text that is not JSON', () => {
    expect([...valueSpans('{"a/b~": 1}')!.keys()]).toEqual(['/a~1b~0']);
    expect(valueSpans('{"a": ')).toBeNull();
  });
});

describe('answerConfidence', () => {
  it('takes the lowest probability among the tokens of the value', () => {
    const tokens = [tok('{"total": "', 0.2), tok('12', 0.9), tok('3', 0.4), tok('.5', 0.95), tok('"}', 0.1)];
    const c = answerConfidence('{"total": "123.5"}', tokens)!;
    expect(c['/total']).toBeCloseTo(0.4, 6);
  });

  it('ignores improbable punctuation and keys', () => {
    const tokens = [tok('{', 0.01), tok('"name"', 0.02), tok(': "', 0.03), tok('Acme', 0.999), tok('"', 0.01), tok(', "n": ', 0.05), tok('42', 0.995), tok('}', 0.01)];
    const c = answerConfidence('{"name": "Acme", "n": 42}', tokens)!;
    expect(c['/name']).toBeGreaterThanOrEqual(0.99);
    expect(c['/n']).toBeGreaterThanOrEqual(0.99);
  });

  it('counts a token that holds punctuation and value characters', () => {
    const c = answerConfidence('{"a": "xy"}', [tok('{"a": "x', 0.5), tok('y"}', 0.9)])!;
    expect(c['/a']).toBeCloseTo(0.5, 6);
  });

  it('is null without tokens or when the tokens do not add up to the answer', () => {
    expect(answerConfidence('{"a": 1}', null)).toBeNull();
    expect(answerConfidence('{"a": 1}', [tok('{"a": 2}', 0.9)])).toBeNull();
  });

  it('lays tokens over bytes when their texts split a character', () => {
    // "é" is two UTF-8 bytes sent in two tokens whose texts are replacement characters.
    const e = Buffer.from('é', 'utf8');
    const tokens: TokenLogprob[] = [
      tok('{"a": "', 1, true),
      { token: '\ufffd', logprob: Math.log(0.7), bytes: [e[0]!] },
      { token: '\ufffd', logprob: Math.log(0.8), bytes: [e[1]!] },
      tok('"}', 1, true),
    ];
    expect(answerConfidence('{"a": "é"}', tokens)!['/a']).toBeCloseTo(0.7, 6);
  });

  it('finds the JSON after reasoning and inside a fence', () => {
    const text = '<think>{"a": "no"}</think>\n```json\n{"a": "yes"}\n```';
    const c = answerConfidence(text, [tok(text.slice(0, text.indexOf('yes')), 0.1), tok('yes', 0.97), tok(text.slice(text.indexOf('yes') + 3), 0.1)])!;
    expect(c['/a']).toBeCloseTo(0.97, 6);
  });
});

describe('jobConfidence', () => {
  const schema = {
    type: 'object',
    properties: {
      title: { type: ['string', 'null'] },
      items: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    },
    required: ['title', 'items'],
  };

  it('gives every merged leaf the confidence of its own window', () => {
    const merged = mergeWindows(schema, [
      { pages: [1], data: { title: 'T', items: [{ x: 1 }, { x: 2 }] } },
      { pages: [2], data: { title: null, items: [{ x: 3 }] } },
    ]);
    const c = jobConfidence(merged.data, merged.sources, [
      { '/title': 0.6, '/items/0/x': 0.7, '/items/1/x': 0.8 },
      { '/title': 0.99, '/items/0/x': 0.9 },
    ])!;
    expect(c).toEqual({ '/title': 0.6, '/items/0/x': 0.7, '/items/1/x': 0.8, '/items/2/x': 0.9 });
  });

  it('takes a null everywhere from the first window, and is null when no window has probabilities', () => {
    const merged = mergeWindows(schema, [
      { pages: [1], data: { title: null, items: [] } },
      { pages: [2], data: { title: null, items: [] } },
    ]);
    expect(jobConfidence(merged.data, merged.sources, [{ '/title': 0.3 }, { '/title': 0.9 }])).toEqual({ '/title': 0.3 });
    expect(jobConfidence(merged.data, merged.sources, [null, null])).toBeNull();
  });
});

describe('buildFlags', () => {
  const schema = {
    type: 'object',
    properties: { a: { type: ['string', 'null'] }, b: { type: ['number', 'null'] }, c: { type: 'string' } },
    required: ['a', 'b'],
  };

  it('flags low confidence, required nulls, conflicts and ungrounded values, each once per leaf', () => {
    const data = { a: null, b: 5, c: 'zz' };
    expect(requiredMissing(schema, data)).toEqual(['/a']);
    const flags = buildFlags({
      data,
      schema,
      confidence: { '/a': 0.95, '/b': 0.5, '/c': 0.99 },
      threshold: 0.8,
      conflicts: ['/b'],
      notGrounded: ['/c', '/b'],
    });
    expect(flags).toEqual([
      { path: '/a', reasons: ['required_missing'], confidence: 0.95 },
      { path: '/b', reasons: ['low_confidence', 'conflict', 'not_grounded'], confidence: 0.5 },
      { path: '/c', reasons: ['not_grounded'], confidence: 0.99 },
    ]);
  });

  it('has no low_confidence without a threshold or probabilities', () => {
    const data = { a: 'x', b: 1, c: 'y' };
    expect(buildFlags({ data, schema, confidence: { '/a': 0.1 }, threshold: null, conflicts: [], notGrounded: [] })).toEqual([]);
    expect(buildFlags({ data, schema, confidence: null, threshold: 0.9, conflicts: [], notGrounded: [] })).toEqual([]);
  });
});
