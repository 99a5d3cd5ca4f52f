// Page extraction ranges (issue 44): a job may read only pages start..end (1-based, inclusive) of
// its file. Its windows, requests and provenance use the file's own page numbers; its progress
// counts the pages of the range.
import type { Window } from './windows.js';

export interface PageRange {
  start: number;
  end: number;
}

/** Why `range` does not fit a file of `pageCount` pages, or null when it does. */
export function pageRangeProblem(range: PageRange, pageCount: number): string | null {
  if (!Number.isInteger(range.start) || !Number.isInteger(range.end) || range.start < 1 || range.end < 1) {
    return `pages.start and pages.end are page numbers from 1; got ${range.start}–${range.end}`;
  }
  if (range.start > range.end) return `pages.start (${range.start}) is after pages.end (${range.end})`;
  if (range.end > pageCount) {
    return `The file has ${pageCount} page${pageCount === 1 ? '' : 's'}; pages ${range.start}–${range.end} are out of range`;
  }
  return null;
}

/** The pages a job reads, as a window of file page numbers: the range, or the whole file. */
export function jobSpan(range: PageRange | null, pageCount: number): Window {
  return range ? [range.start, range.end] : [1, pageCount];
}

/** Windows planned over pages 1..n moved to start at `first` (a range's windows are the file's pages). */
export function shiftWindows(windows: Window[], first: number): Window[] {
  const by = first - 1;
  return by === 0 ? windows : windows.map(([a, b]): Window => [a + by, b + by]);
}

/** A job row's range (page_start/page_end columns), or null for the whole file. */
export function rangeOfRow(row: { page_start?: number | null; page_end?: number | null }): PageRange | null {
  return row.page_start == null || row.page_end == null ? null : { start: row.page_start, end: row.page_end };
}
