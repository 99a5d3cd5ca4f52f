// Text-layer searches for provenance, made for each window as soon as its answer is stored: they
// run in the render threads while later windows are at the model, so finishing a long document
// does not search hundreds of pages at the end (~1 s for 400 pages, measured). A cache of this
// worker process only: finishExtraction searches itself whatever it does not find here (windows
// another worker extracted, or stored before a restart), so the result is the same either way.
import { findTextInPool, type TextBox, type TextQuery } from '../src/documents/index.js';
import { leafSearchTexts, searchKey } from '../src/long-documents/index.js';

interface JobSearches {
  at: number;
  answers: Map<string, TextBox[]>;
  pending: Set<Promise<void>>;
}

export class WindowTextSearches {
  private readonly jobs = new Map<string, JobSearches>();

  /** A job's entry is dropped this long after its last window (a job that never finished). */
  constructor(private readonly ttlMs = 60 * 60_000) {}

  /** Starts searching the texts of `data`'s leaf values on `pages`; not awaited, a failure only leaves no answers. */
  start(jobId: string, bytes: Buffer, pages: number[], data: unknown): void {
    const now = Date.now();
    for (const [id, entry] of this.jobs) if (now - entry.at > this.ttlMs) this.jobs.delete(id);
    const queries: TextQuery[] = leafSearchTexts(data).map((text) => ({ text, pages }));
    if (queries.length === 0) return;
    let entry = this.jobs.get(jobId);
    if (!entry) this.jobs.set(jobId, (entry = { at: now, answers: new Map(), pending: new Set() }));
    entry.at = now;
    const { answers, pending } = entry;
    const work: Promise<void> = findTextInPool(bytes, queries)
      .then(
        (found) => queries.forEach((q, i) => answers.set(searchKey(q.text, q.pages), found[i] ?? [])),
        () => {},
      )
      .finally(() => pending.delete(work));
    pending.add(work);
  }

  /** The answers found for a job, once the searches still running have ended; forgotten here. */
  async take(jobId: string): Promise<Map<string, TextBox[]>> {
    const entry = this.jobs.get(jobId);
    if (!entry) return new Map();
    await Promise.all([...entry.pending]);
    this.jobs.delete(jobId);
    return entry.answers;
  }
}
