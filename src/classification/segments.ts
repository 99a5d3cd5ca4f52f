// Packets (issue 44): from the pages' answers to a classification job's result. Pure functions.
// A page answer is {page, class, starts_document, confidence}; pages are the file's page numbers.

export interface PageAnswer {
  page: number;
  class: string;
  starts_document: boolean;
  /** Lowest probability among the tokens of the class value; null without token probabilities. */
  confidence: number | null;
}

export interface PageSpan {
  start: number;
  end: number;
}

export interface Segment {
  class: string;
  pages: PageSpan;
  confidence: number | null;
}

export interface SegmentFlag {
  /** 0-based index of the segment. */
  segment: number;
  reasons: ['low_confidence'];
  confidence: number | null;
}

/** The lowest of the known confidences; null when none is known. */
export function lowest(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/**
 * The split: a segment starts at the first page, at every page whose `starts_document` is true,
 * and at every page whose class differs from the page before; its confidence is the lowest of its
 * pages' confidences. `pages` in page order.
 */
export function splitSegments(pages: PageAnswer[]): Segment[] {
  const segments: Array<Segment & { confidences: Array<number | null> }> = [];
  let previous: PageAnswer | undefined;
  for (const p of pages) {
    const current = segments[segments.length - 1];
    if (!current || !previous || p.starts_document || p.class !== previous.class) {
      segments.push({ class: p.class, pages: { start: p.page, end: p.page }, confidence: null, confidences: [p.confidence] });
    } else {
      current.pages.end = p.page;
      current.confidences.push(p.confidence);
    }
    previous = p;
  }
  return segments.map(({ confidences, ...s }) => ({ ...s, confidence: lowest(confidences) }));
}

/**
 * Document mode: the class of the most pages (a tie goes to the class of the earliest page among
 * the tied ones), and the lowest page confidence among the pages of that class.
 */
export function documentClass(pages: PageAnswer[]): { class: string; confidence: number | null } {
  const counts = new Map<string, number>();
  for (const p of pages) counts.set(p.class, (counts.get(p.class) ?? 0) + 1);
  const most = Math.max(...counts.values());
  // Map keeps first-insertion order: the first class reaching the top count is the earliest page's.
  const chosen = [...counts.entries()].find(([, n]) => n === most)![0];
  return { class: chosen, confidence: lowest(pages.filter((p) => p.class === chosen).map((p) => p.confidence)) };
}

/** Segments whose confidence is under the threshold (none without a threshold). */
export function segmentFlags(segments: Array<Pick<Segment, 'confidence'>>, threshold: number | null): SegmentFlag[] {
  if (threshold === null) return [];
  const flags: SegmentFlag[] = [];
  segments.forEach((s, i) => {
    if (s.confidence !== null && s.confidence < threshold) flags.push({ segment: i, reasons: ['low_confidence'], confidence: s.confidence });
  });
  return flags;
}

/**
 * Why a corrected split is not one (it must cover every page of `span` once, in order, with known
 * classes), or null when it is.
 */
export function segmentsProblem(segments: Array<{ class: string; pages: PageSpan }>, span: PageSpan, classes: string[]): string | null {
  if (segments.length === 0) return 'The split has no segments';
  let next = span.start;
  for (const [i, s] of segments.entries()) {
    if (!classes.includes(s.class)) return `segments[${i}].class '${s.class}' is not a class of the classifier (${classes.join(', ')})`;
    if (s.pages.start > s.pages.end) return `segments[${i}] starts at page ${s.pages.start}, after its end ${s.pages.end}`;
    if (s.pages.start < next) return `segments[${i}] starts at page ${s.pages.start}: page ${s.pages.start} is already in an earlier segment`;
    if (s.pages.start > next) return `segments[${i}] starts at page ${s.pages.start}: page ${next} is in no segment`;
    next = s.pages.end + 1;
  }
  if (next !== span.end + 1) return next <= span.end ? `Pages ${next}–${span.end} are in no segment` : `The split runs past the last page ${span.end}`;
  return null;
}
