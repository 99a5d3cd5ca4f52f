import { describe, expect, it } from '@jest/globals';
import { documentClass, segmentFlags, segmentsProblem, splitSegments, type PageAnswer } from '../../src/classification/segments.js';

const p = (page: number, cls: string, starts: boolean, confidence: number | null): PageAnswer => ({ page, class: cls, starts_document: starts, confidence });

describe('splitSegments', () => {
  it('starts a segment at the first page, at every starts_document page and at every change of class', () => {
    const pages = [
      p(1, 'invoice', true, 0.9), p(2, 'invoice', false, 0.8),
      p(3, 'invoice', true, 0.95), // the same class back to back: a new document because it starts one
      p(4, 'letter', false, 0.7), // a new class starts a segment even without starts_document
      p(5, 'letter', false, 0.99), p(6, 'other', true, null),
    ];
    expect(splitSegments(pages)).toEqual([
      { class: 'invoice', pages: { start: 1, end: 2 }, confidence: 0.8 },
      { class: 'invoice', pages: { start: 3, end: 3 }, confidence: 0.95 },
      { class: 'letter', pages: { start: 4, end: 5 }, confidence: 0.7 },
      { class: 'other', pages: { start: 6, end: 6 }, confidence: null },
    ]);
  });

  it('starts at a range\'s first page even when the model says it continues', () => {
    expect(splitSegments([p(7, 'a', false, 0.5), p(8, 'a', false, 0.6)])).toEqual([{ class: 'a', pages: { start: 7, end: 8 }, confidence: 0.5 }]);
  });
});

describe('documentClass', () => {
  it('takes the class of the most pages, ties to the earliest page\'s, and its lowest confidence', () => {
    expect(documentClass([p(1, 'a', true, 0.9), p(2, 'b', false, 0.8), p(3, 'b', false, 0.6)])).toEqual({ class: 'b', confidence: 0.6 });
    expect(documentClass([p(1, 'b', true, 0.9), p(2, 'a', false, 0.8), p(3, 'a', false, 0.6), p(4, 'b', false, 0.3)])).toEqual({ class: 'b', confidence: 0.3 });
    expect(documentClass([p(1, 'a', true, null)])).toEqual({ class: 'a', confidence: null });
  });
});

describe('segmentFlags', () => {
  it('flags segments under the threshold by index', () => {
    const segs = [{ confidence: 0.9 }, { confidence: 0.4 }, { confidence: null }];
    expect(segmentFlags(segs, 0.5)).toEqual([{ segment: 1, reasons: ['low_confidence'], confidence: 0.4 }]);
    expect(segmentFlags(segs, null)).toEqual([]);
  });
});

describe('segmentsProblem', () => {
  const classes = ['a', 'b', 'other'];
  const s = (cls: string, start: number, end: number) => ({ class: cls, pages: { start, end } });
  it('accepts a split covering every page once, in order', () => {
    expect(segmentsProblem([s('a', 1, 3), s('b', 4, 4), s('other', 5, 9)], { start: 1, end: 9 }, classes)).toBeNull();
  });
  it('refuses a skipped page, a repeated page, an unknown class, a short or long split', () => {
    expect(segmentsProblem([s('a', 1, 3), s('b', 5, 9)], { start: 1, end: 9 }, classes)).toMatch(/page 4 is in no segment/);
    expect(segmentsProblem([s('a', 1, 3), s('b', 3, 9)], { start: 1, end: 9 }, classes)).toMatch(/page 3 is already/);
    expect(segmentsProblem([s('x', 1, 9)], { start: 1, end: 9 }, classes)).toMatch(/not a class/);
    expect(segmentsProblem([s('a', 1, 8)], { start: 1, end: 9 }, classes)).toMatch(/Pages 9–9 are in no segment/);
    expect(segmentsProblem([s('a', 1, 10)], { start: 1, end: 9 }, classes)).toMatch(/past the last page/);
    expect(segmentsProblem([], { start: 1, end: 9 }, classes)).toMatch(/no segments/);
    expect(segmentsProblem([s('a', 2, 1)], { start: 1, end: 9 }, classes)).toMatch(/after its end/);
  });
});
