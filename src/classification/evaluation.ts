// Evaluation of a classifier over packets with known splits (issue 44, deliver 6): page accuracy,
// a confusion matrix of classes over pages, and boundary precision/recall (a predicted segment
// start is right when the expected split starts a segment there). Pure; sums over every item.
import type { PageSpan } from './segments.js';

export interface SplitSegment {
  class: string;
  pages: PageSpan;
}

export interface ClassifierItemScore {
  pages: number;
  pages_correct: number;
  /** Segment starts predicted, expected, and predicted where one is expected. */
  starts_predicted: number;
  starts_expected: number;
  starts_correct: number;
  /** expected class → predicted class → pages. */
  confusion: Record<string, Record<string, number>>;
}

export interface ClassifierReport {
  items: number;
  pages: number;
  page_accuracy: number | null;
  confusion_matrix: { classes: string[]; counts: number[][] };
  boundaries: { precision: number | null; recall: number | null; predicted: number; expected: number; correct: number };
}

/** The class of every page of a split, by page number. */
function classByPage(segments: SplitSegment[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const s of segments) for (let p = s.pages.start; p <= s.pages.end; p++) out.set(p, s.class);
  return out;
}

/** One item: its expected split against the predicted one (pages the prediction lacks count as wrong). */
export function scoreClassifierItem(expected: SplitSegment[], predicted: SplitSegment[]): ClassifierItemScore {
  const want = classByPage(expected);
  const got = classByPage(predicted);
  const confusion: Record<string, Record<string, number>> = {};
  let correct = 0;
  for (const [page, cls] of want) {
    const guess = got.get(page) ?? '(none)';
    if (guess === cls) correct++;
    confusion[cls] ??= {};
    confusion[cls][guess] = (confusion[cls][guess] ?? 0) + 1;
  }
  const expectedStarts = new Set(expected.map((s) => s.pages.start));
  const predictedStarts = predicted.map((s) => s.pages.start);
  return {
    pages: want.size,
    pages_correct: correct,
    starts_predicted: predictedStarts.length,
    starts_expected: expectedStarts.size,
    starts_correct: predictedStarts.filter((p) => expectedStarts.has(p)).length,
    confusion,
  };
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 1e6) / 1e6);

/** The report over every item. `classes` orders the matrix (the classifier's classes and `other`); other labels follow. */
export function classifierReport(scores: ClassifierItemScore[], classes: string[]): ClassifierReport {
  const sum = (f: (s: ClassifierItemScore) => number) => scores.reduce((n, s) => n + f(s), 0);
  const labels = [...classes];
  for (const s of scores) {
    for (const [want, row] of Object.entries(s.confusion)) for (const l of [want, ...Object.keys(row)]) if (!labels.includes(l)) labels.push(l);
  }
  const counts = labels.map((want) => labels.map((got) => sum((s) => s.confusion[want]?.[got] ?? 0)));
  const pages = sum((s) => s.pages);
  const predicted = sum((s) => s.starts_predicted);
  const expected = sum((s) => s.starts_expected);
  const correct = sum((s) => s.starts_correct);
  return {
    items: scores.length,
    pages,
    page_accuracy: ratio(sum((s) => s.pages_correct), pages),
    confusion_matrix: { classes: labels, counts },
    boundaries: { precision: ratio(correct, predicted), recall: ratio(correct, expected), predicted, expected, correct },
  };
}

/** One item of a classifier run: its expected split and what its classification job ended with. */
export interface ClassifierItemOutcome {
  item_id: string;
  job_id: string | null;
  status: string;
  expected: SplitSegment[];
  /** The job's segments (the model's split) when it completed, else null: every page counts as wrong. */
  predicted: SplitSegment[] | null;
  error: { code: string; message: string } | null;
}

export interface ClassifierRunReport extends ClassifierReport {
  items_failed: number;
  item_results: Array<{ item_id: string; job_id: string | null; status: string; pages: number; pages_correct: number; error: { code: string; message: string } | null }>;
}

/** The report of a classifier evaluation run, with each item's own figures. */
export function classifierRunReport(outcomes: ClassifierItemOutcome[], classes: string[]): ClassifierRunReport {
  const scores = outcomes.map((o) => scoreClassifierItem(o.expected, o.predicted ?? []));
  return {
    ...classifierReport(scores, classes),
    items_failed: outcomes.filter((o) => o.predicted === null).length,
    item_results: outcomes.map((o, i) => ({
      item_id: o.item_id,
      job_id: o.job_id,
      status: o.status,
      pages: scores[i]!.pages,
      pages_correct: scores[i]!.pages_correct,
      error: o.error,
    })),
  };
}
