// Where the text readers report a page (or a document) they could not read. They still answer it
// with no text — a page without a text layer reads the same, and one bad page must not fail a
// job or a request — but no longer silently: each such page is a log line naming the reader, the
// page and mupdf's reason. In a render thread the report travels back with the task's outcome
// (render-task.ts) and is logged here on the pool's thread.

export interface UnreadableText {
  /** Which reader gave up: 'text-layer', 'page-words', 'page-text', 'plain-text', ... */
  reader: string;
  /** One-based page; null when the whole document could not be opened. */
  page: number | null;
  message: string;
}

export type UnreadableTextSink = (report: UnreadableText) => void;

// Until a process sets its logger (src/runtime: the API's and the worker's), a line on stderr.
const stderrSink: UnreadableTextSink = (r) => console.warn(`${describeUnreadable(r)} (${r.reader})`);

let sink: UnreadableTextSink = stderrSink;

/** Routes the reports (a process's logger); null restores the default (stderr). Answers the sink it replaced. */
export function setUnreadableTextSink(next: UnreadableTextSink | null): UnreadableTextSink {
  const previous = sink;
  sink = next ?? stderrSink;
  return previous;
}

/** Reports that a reader answered `page` (or the document, page null) with no text because reading it threw `err`. */
export function reportUnreadableText(reader: string, page: number | null, err: unknown): void {
  sink({ reader, page, message: err instanceof Error ? err.message : String(err) });
}

/** The log message of a report. */
export function describeUnreadable(r: UnreadableText): string {
  return `${r.page === null ? 'A document' : `Page ${r.page}`}'s text layer could not be read; it is answered with no text: ${r.message}`;
}
