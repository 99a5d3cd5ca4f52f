// A classification job's result and initial review from its pages' answers (issue 44). Pure.
import { documentClass, segmentFlags, splitSegments, type PageAnswer, type PageSpan, type Segment, type SegmentFlag } from './segments.js';

export type ClassificationMode = 'document' | 'split';

export interface ResultSegment extends Segment {
  /** The extraction job the segment was routed to (route: true), else null. */
  extraction_job_id: string | null;
}

export interface ClassificationResult {
  pages: PageAnswer[];
  /** document mode: the class of the most pages and its confidence. */
  class?: string;
  confidence?: number | null;
  /** split mode: the documents found. */
  segments?: ResultSegment[];
  flags: SegmentFlag[];
}

export interface ClassificationReview {
  status: 'not_required' | 'pending' | 'approved' | 'rejected';
  revision: number;
  /** Starts as the model's split; a reviewer's corrections change this copy only. */
  reviewed_segments: Array<{ class: string; pages: PageSpan }>;
  updated_at: string;
}

export function classificationResult(mode: ClassificationMode, pages: PageAnswer[]): ClassificationResult {
  if (mode === 'document') {
    const doc = documentClass(pages);
    return { pages, class: doc.class, confidence: doc.confidence, flags: [] };
  }
  return { pages, segments: splitSegments(pages).map((s) => ({ ...s, extraction_job_id: null })), flags: [] };
}

/** The result with its flags (segments under the threshold; in document mode the document is segment 0). */
export function withFlags(result: ClassificationResult, threshold: number | null): ClassificationResult {
  const segments = result.segments ?? [{ confidence: result.confidence ?? null }];
  return { ...result, flags: segmentFlags(segments, threshold) };
}

/** The segments a review starts from: the model's split (document mode: one segment of every page). */
export function modelSegments(result: ClassificationResult): Array<{ class: string; pages: PageSpan }> {
  if (result.segments) return result.segments.map((s) => ({ class: s.class, pages: { ...s.pages } }));
  const first = result.pages[0]!.page;
  const last = result.pages[result.pages.length - 1]!.page;
  return [{ class: result.class!, pages: { start: first, end: last } }];
}

/** Null without a threshold; pending when a segment is flagged, not_required otherwise. */
export function initialClassificationReview(threshold: number | null, result: ClassificationResult, now: Date): ClassificationReview | null {
  if (threshold === null) return null;
  return { status: result.flags.length > 0 ? 'pending' : 'not_required', revision: 1, reviewed_segments: modelSegments(result), updated_at: now.toISOString() };
}
