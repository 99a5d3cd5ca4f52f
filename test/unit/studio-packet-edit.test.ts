// The studio's edits of a packet's split (src/studio/app/packet-edit.ts).
import { describe, expect, it } from '@jest/globals';
import { asReviewed, moveBoundary, sameSplit, segmentColour, setSegmentClass, spanConfidence } from '../../src/studio/app/packet-edit.js';

const seg = (c: string, start: number, end: number) => ({ class: c, pages: { start, end } });
const SPLIT = [seg('invoice', 1, 3), seg('letter', 4, 5), seg('form', 6, 6)];

describe('packet edits', () => {
  it('moves a boundary by a page either way, never leaving a segment empty', () => {
    expect(moveBoundary(SPLIT, 1, -1)).toEqual([seg('invoice', 1, 2), seg('letter', 3, 5), seg('form', 6, 6)]);
    expect(moveBoundary(SPLIT, 1, 1)).toEqual([seg('invoice', 1, 4), seg('letter', 5, 5), seg('form', 6, 6)]);
    expect(moveBoundary(SPLIT, 2, 1)).toBe(SPLIT); // the form would have no page
    expect(moveBoundary(moveBoundary(SPLIT, 1, -1), 1, -1)).toEqual([seg('invoice', 1, 1), seg('letter', 2, 5), seg('form', 6, 6)]);
    expect(moveBoundary(moveBoundary(moveBoundary(SPLIT, 1, -1), 1, -1), 1, -1)).toEqual([seg('invoice', 1, 1), seg('letter', 2, 5), seg('form', 6, 6)]);
    expect(moveBoundary(SPLIT, 0, -1)).toBe(SPLIT); // the first segment starts at the first page
    expect(SPLIT).toEqual([seg('invoice', 1, 3), seg('letter', 4, 5), seg('form', 6, 6)]); // not mutated
  });

  it('changes a class, compares splits, and keeps only class and pages for the review', () => {
    const changed = setSegmentClass(SPLIT, 2, 'invoice');
    expect(changed[2]).toEqual(seg('invoice', 6, 6));
    expect(sameSplit(changed, SPLIT)).toBe(false);
    expect(sameSplit(setSegmentClass(SPLIT, 2, 'form'), SPLIT)).toBe(true);
    expect(asReviewed([{ ...seg('a', 1, 2), confidence: 0.5, extraction_job_id: null }])).toEqual([seg('a', 1, 2)]);
  });

  it('gives a span the lowest confidence of its pages, null when none is known; neighbouring colours differ', () => {
    const pages = [
      { page: 1, class: 'invoice', confidence: 0.9 },
      { page: 2, class: 'invoice', confidence: null },
      { page: 3, class: 'letter', confidence: 0.6 },
    ];
    expect(spanConfidence(pages, { start: 1, end: 2 })).toBe(0.9);
    expect(spanConfidence(pages, { start: 2, end: 3 })).toBe(0.6);
    expect(spanConfidence(pages, { start: 2, end: 2 })).toBeNull();
    for (let i = 0; i < 20; i++) expect(segmentColour(i)).not.toBe(segmentColour(i + 1));
  });
});
