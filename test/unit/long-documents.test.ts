import { describe, expect, it } from '@jest/globals';
import {
  askAvoidingLoops,
  buildProvenance,
  leafPointers,
  leafSearchTexts,
  searchKey,
  describePages,
  isDegenerateData,
  isDegenerateText,
  mergeWindows,
  pendingWindows,
  planPageWindows,
  searchTexts,
  splitTextPages,
  splitWindow,
  textPageChars,
  windowSchema,
} from '../../src/long-documents/index.js';
import { compileDataValidator, compileDerivedValidator } from '../../src/schema-dialect/index.js';
import { toStrictJsonSchema } from '../../src/providers/index.js';

const SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    total: { type: ['number', 'null'] },
    customer: {
      type: 'object',
      properties: { name: { type: 'string' }, vat: { type: ['string', 'null'] } },
      required: ['name'],
      additionalProperties: false,
    },
    status: { type: 'string', enum: ['open', 'paid'] },
    kind: { oneOf: [{ const: 'a' }, { const: 'b' }] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, amount: { type: 'number' } },
        required: ['description', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['invoice_number', 'customer', 'items'],
  additionalProperties: false,
};

describe('page windows', () => {
  it('cover every page once, in order, at most N pages each', () => {
    expect(planPageWindows(120, 8)).toHaveLength(15);
    expect(planPageWindows(17, 8)).toEqual([[1, 8], [9, 16], [17, 17]]);
    expect(planPageWindows(3, 8)).toEqual([[1, 3]]);
    const w = planPageWindows(1000, 8);
    expect(w.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });

  it('split in half down to one page', () => {
    expect(splitWindow([1, 8])).toEqual([[1, 4], [5, 8]]);
    expect(splitWindow([5, 7])).toEqual([[5, 5], [6, 7]]);
    expect(splitWindow([3, 3])).toBeNull();
  });

  it('leave out pages already covered by stored windows (finished halves of a split window too)', () => {
    const planned = planPageWindows(24, 8);
    expect(pendingWindows(planned, [])).toEqual(planned);
    expect(pendingWindows(planned, [[1, 8], [9, 12]])).toEqual([[13, 16], [17, 24]]);
    expect(pendingWindows(planned, [[11, 12]])).toEqual([[1, 8], [9, 10], [13, 16], [17, 24]]);
    expect(describePages([5, 5])).toBe('page 5');
    expect(describePages([5, 8])).toBe('pages 5–8');
  });
});

describe('text pages', () => {
  it('a short text is one page', () => {
    expect(splitTextPages('hello', 100)).toEqual(['hello']);
  });

  it('cut at paragraph boundaries first, and rejoin to the exact text', () => {
    const paras = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}\nsecond line of ${i}`);
    const text = paras.join('\n\n');
    const pages = splitTextPages(text, 120);
    expect(pages.join('')).toBe(text);
    for (const p of pages) expect(p.length).toBeLessThanOrEqual(120);
    // Every page but the last ends at a paragraph break.
    for (const p of pages.slice(0, -1)) expect(p.endsWith('\n\n')).toBe(true);
  });

  it('falls back to lines, then spaces, then a hard cut', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const pages = splitTextPages(lines, 40);
    expect(pages.join('')).toBe(lines);
    for (const p of pages.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
    const words = 'word '.repeat(50);
    expect(splitTextPages(words, 33).every((p, i, all) => i === all.length - 1 || p.endsWith(' '))).toBe(true);
    expect(splitTextPages('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(textPageChars(24000, 8)).toBe(3000);
  });
});

describe('window schema', () => {
  it('lets every property be null, at any depth, and stays valid for strict outputs', () => {
    const w = windowSchema(SCHEMA);
    const validate = compileDerivedValidator(w);
    expect(validate({ invoice_number: null, total: null, customer: null, status: null, kind: null, items: null }).valid).toBe(true);
    expect(validate({ invoice_number: 'X', customer: { name: null, vat: null }, items: [{ description: null, amount: 3 }] }).valid).toBe(true);
    expect(validate({ invoice_number: 3, customer: null, items: null }).valid).toBe(false);
    expect(validate({ invoice_number: null, customer: null, items: [null] }).valid).toBe(false);
    // The real schema is untouched.
    expect(compileDataValidator(SCHEMA)({ invoice_number: null, customer: null, items: null }).valid).toBe(false);
    const strict = toStrictJsonSchema(w);
    expect(strict.properties.items.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    expect(strict.properties.invoice_number.type).toEqual(['string', 'null']);
  });
});

describe('merge', () => {
  const win = (pages: number[], data: unknown) => ({ pages, data });

  it('concatenates lists in window order and drops a row repeated at a window boundary once', () => {
    const a = { description: 'row 8', amount: 8 };
    const merged = mergeWindows(SCHEMA, [
      win([1, 2], { invoice_number: 'INV-1', customer: { name: 'ACME', vat: null }, items: [{ description: 'row 1', amount: 1 }, a] }),
      win([3, 4], { invoice_number: null, customer: null, items: [a, a, { description: 'row 9', amount: 9 }] }),
      win([5, 6], { invoice_number: 'INV-1', customer: { name: null, vat: 'FR1' }, items: null }),
    ]);
    expect(merged.data.items).toEqual([{ description: 'row 1', amount: 1 }, a, a, { description: 'row 9', amount: 9 }]);
    expect(merged.data.customer).toEqual({ name: 'ACME', vat: 'FR1' });
    expect(merged.data.invoice_number).toBe('INV-1');
    expect(merged.conflicts).toEqual([]);
    expect(merged.origins.get('/items/0/description')).toEqual([1, 2]);
    expect(merged.origins.get('/items/2/amount')).toEqual([3, 4]);
    expect(merged.origins.get('/customer/vat')).toEqual([5, 6]);
    expect(merged.origins.get('/customer/name')).toEqual([1, 2]);
  });

  it('keeps the first non-null scalar and records every other value as a conflict', () => {
    const merged = mergeWindows(SCHEMA, [
      win([1], { invoice_number: null, total: 10, customer: null, items: [] }),
      win([2], { invoice_number: 'A', total: 12, customer: null, items: [] }),
      win([3], { invoice_number: 'A', total: 10, customer: null, items: [] }),
      win([4], { invoice_number: 'A/1', total: null, customer: null, items: [] }),
    ]);
    expect(merged.data.total).toBe(10);
    expect(merged.data.invoice_number).toBe('A');
    expect(merged.conflicts).toEqual([
      { path: '/invoice_number', values: [{ value: 'A', pages: [2, 3] }, { value: 'A/1', pages: [4] }] },
      { path: '/total', values: [{ value: 10, pages: [1, 3] }, { value: 12, pages: [2] }] },
    ]);
  });

  it('is deterministic and escapes JSON Pointer tokens', () => {
    const schema = { type: 'object', properties: { 'a/b~c': { type: ['string', 'null'] } } };
    const run = () => mergeWindows(schema, [win([1], { 'a/b~c': 'x' }), win([2], { 'a/b~c': 'y' })]);
    expect(run()).toEqual(run());
    expect(run().conflicts[0]!.path).toBe('/a~1b~0c');
  });
});

describe('provenance', () => {
  it('lists every text a value may be searched as, once, and keys each search by text and pages', () => {
    const data = { a: 'INV-1', b: [{ n: 12.5 }, { n: 7 }, { s: 'INV-1' }], c: null, d: true, e: 'x' };
    expect(leafSearchTexts(data)).toEqual(['INV-1', '12.5', '12.50', '7.00']);
    // Every text buildProvenance asks for is among them.
    const asked: string[] = [];
    buildProvenance(data, new Map(leafPointers(data).map(({ pointer }) => [pointer, [1]])), (text) => (asked.push(text), []));
    expect(asked.every((t) => leafSearchTexts(data).includes(t))).toBe(true);
    expect(searchKey('INV-1', [3, 4])).not.toBe(searchKey('INV-1', [3]));
    expect(searchKey('a', [1, 2])).toBe(searchKey('a', [1, 2]));
  });

  it('gives every non-null leaf its window pages, and boxes with exact pages where the text is found', () => {
    const data = { invoice_number: 'INV-1', total: 12.5, items: [{ description: 'Nails', amount: 3 }], customer: null };
    const origins = new Map<string, number[]>([
      ['/invoice_number', [1, 2]],
      ['/total', [3, 4]],
      ['/items/0/description', [3, 4]],
      ['/items/0/amount', [3, 4]],
    ]);
    const locate = (text: string, pages: number[]) =>
      text === 'INV-1' && pages.includes(2) ? [{ page: 2, x0: 0.1, y0: 0.2, x1: 0.3, y1: 0.25 }] : text === '12.50' ? [{ page: 4, x0: 0.5, y0: 0.5, x1: 0.6, y1: 0.52 }] : [];
    const p = buildProvenance(data, origins, locate);
    expect(p['/invoice_number']).toEqual({ pages: [2], boxes: [{ page: 2, x0: 0.1, y0: 0.2, x1: 0.3, y1: 0.25 }] });
    expect(p['/total']).toEqual({ pages: [4], boxes: [{ page: 4, x0: 0.5, y0: 0.5, x1: 0.6, y1: 0.52 }] });
    expect(p['/items/0/description']).toEqual({ pages: [3, 4] });
    expect(p['/items/0/amount']).toEqual({ pages: [3, 4] });
    expect(Object.keys(p)).not.toContain('/customer');
    expect(buildProvenance(data, origins, null)['/invoice_number']).toEqual({ pages: [1, 2] });
    expect(searchTexts(7)).toEqual(['7.00']);
    expect(searchTexts('x')).toEqual([]);
  });
});

describe('degenerate output', () => {
  const table = (rows: string[]) => ['| a | b |', '|---|---|', ...rows].join('\n');

  it('flags one row repeated many times, and a repeated block of rows', () => {
    expect(isDegenerateText(table(Array.from({ length: 200 }, () => '| x | 1 |')))).toBe(true);
    expect(isDegenerateText(table(Array.from({ length: 100 }, (_, i) => (i % 2 ? '| x | 1 |' : '| y | 2 |'))))).toBe(true);
    expect(isDegenerateData({ items: Array.from({ length: 50 }, () => ({ d: 'same', n: 1 })) })).toBe(true);
  });

  it('does not flag a normal long table, blank lines or a short repeat', () => {
    expect(isDegenerateText(table(Array.from({ length: 500 }, (_, i) => `| item ${i} | ${i * 3} |`)))).toBe(false);
    expect(isDegenerateText(`# Title\n\n\n\n\n\n${'\n'.repeat(100)}text`)).toBe(false);
    expect(isDegenerateText(table(Array.from({ length: 10 }, () => '| | |')))).toBe(false);
    expect(isDegenerateData({ items: Array.from({ length: 300 }, (_, i) => ({ d: `row ${i}`, n: 1 })) })).toBe(false);
  });

  it('asks again once with different generation settings, then gives up', async () => {
    const seen: unknown[] = [];
    const loop = await askAvoidingLoops(async (g) => (seen.push(g), 'loop'), (a) => a === 'loop');
    expect(loop).toBeNull();
    expect(seen).toEqual([undefined, { frequencyPenalty: 0.5 }]);
    const answers = ['loop', 'fine'];
    expect(await askAvoidingLoops(async () => answers.shift()!, (a) => a === 'loop')).toEqual({ answer: 'fine', attempts: 2 });
  });
});
