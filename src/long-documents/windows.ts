// Windows of a long document: consecutive pages (or, for inline text, consecutive "text pages"
// cut at paragraph or line boundaries), grouped so that each window fits one model request.
// Windows are [firstPage, lastPage] pairs (one-based, inclusive): compact enough that a
// 1,000-page job's window list stays small in workflow history.

export type Window = [first: number, last: number];

/** Consecutive windows of at most `windowPages` pages covering pages 1..pageCount, in order. */
export function planPageWindows(pageCount: number, windowPages: number): Window[] {
  const size = Math.max(1, Math.floor(windowPages));
  const windows: Window[] = [];
  for (let first = 1; first <= pageCount; first += size) windows.push([first, Math.min(pageCount, first + size - 1)]);
  return windows;
}

/** The two halves of a window (a window of one page cannot be split: returns null). */
export function splitWindow([first, last]: Window): [Window, Window] | null {
  if (last <= first) return null;
  const mid = first + Math.floor((last - first + 1) / 2) - 1;
  return [
    [first, mid],
    [mid + 1, last],
  ];
}

/**
 * What is left to do: the planned windows with every page already covered by a stored window
 * removed (a window split after truncation leaves its finished halves stored), as maximal runs.
 */
export function pendingWindows(planned: Window[], stored: Window[]): Window[] {
  const covered = new Set<number>();
  for (const [a, b] of stored) for (let p = a; p <= b; p++) covered.add(p);
  const out: Window[] = [];
  for (const [a, b] of planned) {
    let start: number | null = null;
    for (let p = a; p <= b + 1; p++) {
      const free = p <= b && !covered.has(p);
      if (free && start === null) start = p;
      if (!free && start !== null) {
        out.push([start, p - 1]);
        start = null;
      }
    }
  }
  return out;
}

/** Number of pages in the windows. */
export function pagesIn(windows: Window[]): number {
  return windows.reduce((n, [a, b]) => n + (b - a + 1), 0);
}

/** "page 5" or "pages 5–8". */
export function describePages([first, last]: Window, unit = 'page'): string {
  return first === last ? `${unit} ${first}` : `${unit}s ${first}–${last}`;
}

/**
 * Inline text cut into "text pages" of at most `maxChars` characters each, at paragraph
 * boundaries where possible, else at line boundaries, else (a single line longer than the limit)
 * at the last space, else hard. Joining the pages gives back the text exactly.
 */
export function splitTextPages(text: string, maxChars: number): string[] {
  const limit = Math.max(1, Math.floor(maxChars));
  if (text.length <= limit) return [text];
  const pages: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const head = rest.slice(0, limit);
    const cut = lastBoundary(head, /\n[ \t]*\n/g) ?? lastBoundary(head, /\n/g) ?? lastBoundary(head, / +/g) ?? limit;
    pages.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0) pages.push(rest);
  return pages;
}

/** Index just after the last match of `re` in `text` (null when none, or only at the start). */
function lastBoundary(text: string, re: RegExp): number | null {
  let at: number | null = null;
  for (const m of text.matchAll(re)) {
    const end = m.index! + m[0].length;
    if (end > 0 && end <= text.length) at = end;
  }
  return at !== null && at > 0 ? at : null;
}

/**
 * Text-page size for inline text: a window holds `windowPages` text pages and at most
 * `windowChars` characters, so a text page is windowChars / windowPages characters.
 */
export function textPageChars(windowChars: number, windowPages: number): number {
  return Math.max(1, Math.floor(windowChars / Math.max(1, windowPages)));
}
