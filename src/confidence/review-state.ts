// The review state a completed job starts with.

export const REVIEW_STATUSES = ['not_required', 'pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewState {
  status: ReviewStatus;
  revision: number;
  /** Starts as a copy of `result.data`; review decisions change this copy only. */
  reviewed_data: unknown;
  updated_at: string;
}

/**
 * Null when the extractor asks for no review (no `review_threshold` nor `review_thresholds`: pass
 * null or false); else pending when any value is flagged, not_required otherwise.
 */
export function initialReview(reviewed: number | boolean | null, data: unknown, flagCount: number, now: Date): ReviewState | null {
  if (reviewed === null || reviewed === false) return null;
  return { status: flagCount > 0 ? 'pending' : 'not_required', revision: 1, reviewed_data: structuredClone(data), updated_at: now.toISOString() };
}
