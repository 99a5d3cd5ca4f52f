import { describe, expect, it } from '@jest/globals';
import { classifierReport, classifierRunReport, scoreClassifierItem, type SplitSegment } from '../../src/classification/evaluation.js';

const s = (cls: string, start: number, end: number): SplitSegment => ({ class: cls, pages: { start, end } });

describe('classifier evaluation over a 10-item packet set', () => {
  // Ten packets of 4 pages; the predictions differ from the truth in the items marked.
  const expected: SplitSegment[][] = Array.from({ length: 10 }, () => [s('invoice', 1, 2), s('letter', 3, 4)]);
  const predicted: SplitSegment[][] = expected.map((e) => e.map((x) => ({ ...x, pages: { ...x.pages } })));
  predicted[0] = [s('invoice', 1, 1), s('invoice', 2, 2), s('letter', 3, 4)]; // a false boundary at 2, classes right
  predicted[1] = [s('invoice', 1, 3), s('letter', 4, 4)]; // boundary at 4 instead of 3; page 3 wrong
  predicted[2] = [s('invoice', 1, 2), s('other', 3, 4)]; // pages 3-4 classed other
  predicted[3] = [s('invoice', 1, 4)]; // the letter missed: pages 3-4 wrong, one boundary missed

  it('matches the figures computed by hand', () => {
    const report = classifierReport(expected.map((e, i) => scoreClassifierItem(e, predicted[i]!)), ['invoice', 'letter', 'other']);
    // Pages: 40; wrong: item 1 page 3, item 2 pages 3-4, item 3 pages 3-4 → 5 wrong, 35 right.
    expect(report.pages).toBe(40);
    expect(report.page_accuracy).toBe(0.875);
    // Expected starts: 2 per item = 20. Predicted: 3 + 2 + 2 + 1 + 6×2 = 20. Right: item 0: 1 and 3 (2 of 3);
    // item 1: 1 (1 of 2); item 2: 2; item 3: 1 (1 of 1); six others: 12 → 18.
    expect(report.boundaries).toEqual({ precision: 0.9, recall: 0.9, predicted: 20, expected: 20, correct: 18 });
    // Rows expected, columns predicted: invoice 20 pages all invoice; letter 20 pages: 15 letter, 3 invoice, 2 other.
    expect(report.confusion_matrix).toEqual({
      classes: ['invoice', 'letter', 'other'],
      counts: [
        [20, 0, 0],
        [3, 15, 2],
        [0, 0, 0],
      ],
    });
  });

  it('counts pages a prediction lacks as wrong', () => {
    const one = scoreClassifierItem([s('a', 1, 2)], [s('a', 1, 1)]);
    expect(one).toMatchObject({ pages: 2, pages_correct: 1, confusion: { a: { a: 1, '(none)': 1 } } });
  });
});

describe('classifier run report', () => {
  it('scores an item whose job failed as all pages wrong, and keeps each item\'s figures', () => {
    const report = classifierRunReport(
      [
        { item_id: 'a', job_id: 'cjob_a', status: 'completed', expected: [s('x', 1, 2)], predicted: [s('x', 1, 2)], error: null },
        { item_id: 'b', job_id: 'cjob_b', status: 'failed', expected: [s('x', 1, 2)], predicted: null, error: { code: 'provider_error', message: 'down' } },
      ],
      ['x', 'other'],
    );
    expect(report.page_accuracy).toBe(0.5);
    expect(report.items_failed).toBe(1);
    expect(report.boundaries).toEqual({ precision: 1, recall: 0.5, predicted: 1, expected: 2, correct: 1 });
    expect(report.confusion_matrix).toEqual({ classes: ['x', 'other', '(none)'], counts: [[2, 0, 2], [0, 0, 0], [0, 0, 0]] });
    expect(report.item_results.map((r) => [r.item_id, r.pages, r.pages_correct, r.error?.code ?? null])).toEqual([['a', 2, 2, null], ['b', 2, 0, 'provider_error']]);
  });
});
