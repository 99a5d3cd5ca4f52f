import { csvColumns, csvHeader, csvLine, csvRows } from '../../src/domain/batch-csv.js';

const invoice = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    vendor: { type: 'object', properties: { name: { type: 'string' }, 'a/b': { type: ['string', 'null'] } } },
    tags: { type: 'array', items: { type: 'string' } },
    line_items: {
      type: 'array',
      items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' }, sub: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } } } },
    },
    total: { type: ['number', 'null'] },
  },
};

describe('batch CSV columns', () => {
  it('names one column per leaf JSON Pointer, * for the items of an array of objects', () => {
    expect(csvColumns(invoice).map((c) => c.pointer)).toEqual([
      '/invoice_number',
      '/vendor/name',
      '/vendor/a~1b',
      '/tags',
      '/line_items/*/description',
      '/line_items/*/amount',
      '/line_items/*/sub',
      '/total',
    ]);
    expect(csvHeader(csvColumns(invoice)).slice(0, 7)).toEqual(['custom_id', 'status', 'error_code', 'job_id', 'review_status', 'flagged_paths', 'failed_rules']);
    expect(csvHeader(csvColumns({ type: 'object', properties: { b: { type: 'string' }, a: { type: 'number' } } }), true)).toEqual([
      'custom_id', 'status', 'error_code', 'job_id', 'review_status', 'flagged_paths', 'failed_rules', '/b', '/b__confidence', '/a', '/a__confidence',
    ]);
  });

  it('a schema without properties has no leaf columns', () => {
    expect(csvColumns({ type: 'object', properties: {} })).toEqual([]);
    expect(csvColumns(null)).toEqual([]);
  });
});

describe('batch CSV rows', () => {
  const columns = csvColumns(invoice);
  it('one row per array item, the parent columns repeated', () => {
    const rows = csvRows(columns, {
      custom_id: 'a',
      status: 'completed',
      error_code: null,
      result: {
        invoice_number: 'INV-1',
        vendor: { name: 'ACME', 'a/b': null },
        tags: ['x', 'y'],
        line_items: [
          { description: 'bolts', amount: 2.5, sub: [{ x: '1' }] },
          { description: 'nuts', amount: 3 },
        ],
        total: 5.5,
      },
    });
    expect(rows).toEqual([
      ['a', 'completed', '', '', '', '', '', 'INV-1', 'ACME', '', '["x","y"]', 'bolts', '2.5', '[{"x":"1"}]', '5.5'],
      ['a', 'completed', '', '', '', '', '', 'INV-1', 'ACME', '', '["x","y"]', 'nuts', '3', '', '5.5'],
    ]);
  });

  it('an empty array or a failed item is one row', () => {
    expect(csvRows(columns, { custom_id: 'b', status: 'completed', error_code: null, result: { line_items: [] } })).toHaveLength(1);
    const failed = csvRows(columns, { custom_id: 'c', status: 'failed', error_code: 'provider_error', result: null });
    expect(failed).toEqual([['c', 'failed', 'provider_error', '', '', '', '', '', '', '', '', '', '', '', '']]);
  });

  it('carries the job, its review, flags and failed rules, and on request each value\'s confidence (the lowest under a JSON cell)', () => {
    const cols = csvColumns({
      type: 'object',
      properties: { total: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } }, rows: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } } },
    });
    const rows = csvRows(
      cols,
      {
        custom_id: 'a',
        status: 'completed',
        error_code: null,
        job_id: 'ejob_1',
        review_status: 'pending',
        flagged_paths: ['/total', '/rows/1/x'],
        failed_rules: ['total-adds-up', 'qty'],
        result: { total: 5, tags: ['p', 'q'], rows: [{ x: 1 }, { x: 2 }] },
        confidence: { '/total': 0.4, '/tags/0': 0.9, '/tags/1': 0.7, '/rows/0/x': 0.99, '/rows/1/x': 0.5 },
      },
      true,
    );
    expect(rows).toEqual([
      ['a', 'completed', '', 'ejob_1', 'pending', '/total /rows/1/x', 'total-adds-up;qty', '5', '0.4', '["p","q"]', '0.7', '1', '0.99'],
      ['a', 'completed', '', 'ejob_1', 'pending', '/total /rows/1/x', 'total-adds-up;qty', '5', '0.4', '["p","q"]', '0.7', '2', '0.5'],
    ]);
  });

  it('quotes fields as RFC 4180 says', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', ''])).toBe('plain,"a,b","say ""hi""","two\nlines",\r\n');
  });
});
