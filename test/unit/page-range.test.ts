import { describe, expect, it } from '@jest/globals';
import { jobSpan, pageRangeProblem, rangeOfRow, shiftWindows } from '../../src/long-documents/index.js';

describe('page ranges', () => {
  it('fit a file when 1 <= start <= end <= pages', () => {
    expect(pageRangeProblem({ start: 1, end: 9 }, 9)).toBeNull();
    expect(pageRangeProblem({ start: 4, end: 4 }, 9)).toBeNull();
    expect(pageRangeProblem({ start: 8, end: 10 }, 9)).toMatch(/has 9 pages; pages 8–10 are out of range/);
    expect(pageRangeProblem({ start: 0, end: 2 }, 9)).toMatch(/from 1/);
    expect(pageRangeProblem({ start: 3, end: 2 }, 9)).toMatch(/after pages.end/);
    expect(pageRangeProblem({ start: 1, end: 2 }, 1)).toMatch(/has 1 page;/);
  });

  it('give a job its span and windows in the file\'s page numbers', () => {
    expect(jobSpan(null, 7)).toEqual([1, 7]);
    expect(jobSpan({ start: 3, end: 5 }, 7)).toEqual([3, 5]);
    expect(shiftWindows([[1, 3], [4, 5]], 4)).toEqual([[4, 6], [7, 8]]);
    expect(shiftWindows([[1, 2]], 1)).toEqual([[1, 2]]);
    expect(rangeOfRow({ page_start: null, page_end: null })).toBeNull();
    expect(rangeOfRow({ page_start: 2, page_end: 6 })).toEqual({ start: 2, end: 6 });
  });
});
