// A reviewer's edits of a packet's split (the Packets view): move the boundary between two
// segments, change a segment's class. Pure: the view keeps the draft, the service checks it again
// (PATCH …/review: every page once, in order, classes of the classifier).

export interface Span {
  start: number;
  end: number;
}

export interface DraftSegment {
  class: string;
  pages: Span;
}

export interface ClassifiedPage {
  page: number;
  class: string;
  confidence: number | null;
}

/**
 * Move the start of segment `index` (≥ 1) by `delta` pages; the segment before it ends one page
 * earlier or later. Unchanged (the same array) when either segment would be left without a page.
 */
export function moveBoundary(segments: DraftSegment[], index: number, delta: number): DraftSegment[] {
  const before = segments[index - 1];
  const segment = segments[index];
  if (!before || !segment || delta === 0) return segments;
  const start = segment.pages.start + delta;
  if (start <= before.pages.start || start > segment.pages.end) return segments;
  return segments.map((s, i) =>
    i === index - 1 ? { ...s, pages: { start: s.pages.start, end: start - 1 } } : i === index ? { ...s, pages: { start, end: s.pages.end } } : s,
  );
}

/** Segment `index` with class `name`. */
export function setSegmentClass(segments: DraftSegment[], index: number, name: string): DraftSegment[] {
  return segments.map((s, i) => (i === index ? { ...s, class: name } : s));
}

/** The lowest of the confidences of the span's pages, null when none is known (as the service computes a segment's). */
export function spanConfidence(pages: ClassifiedPage[], span: Span): number | null {
  const known = pages.filter((p) => p.page >= span.start && p.page <= span.end && p.confidence !== null).map((p) => p.confidence as number);
  return known.length === 0 ? null : Math.min(...known);
}

/** True when both splits hold the same segments. */
export function sameSplit(a: DraftSegment[], b: DraftSegment[]): boolean {
  return a.length === b.length && a.every((s, i) => s.class === b[i]!.class && s.pages.start === b[i]!.pages.start && s.pages.end === b[i]!.pages.end);
}

/** Only what the review endpoint takes: {class, pages} of each segment. */
export const asReviewed = (segments: Array<DraftSegment & Record<string, unknown>>): DraftSegment[] =>
  segments.map((s) => ({ class: s.class, pages: { start: s.pages.start, end: s.pages.end } }));

/** The colour of segment `index`: neighbours always differ. */
export const SEGMENT_COLOURS = ['#2f5bea', '#e07a1f', '#1e8a4c', '#9b3fb5', '#c0392b', '#0e8a9a', '#8a6d1e', '#d0477e'];
export const segmentColour = (index: number): string => SEGMENT_COLOURS[index % SEGMENT_COLOURS.length]!;
