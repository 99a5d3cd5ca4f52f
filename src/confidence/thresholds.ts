// Which confidence a value needs before it passes without a human: the threshold of its field
// (`review_thresholds`, field paths with `*` for array indices) or else the extractor's single
// `review_threshold` (docs/confidence-and-review.md).

/** Field path (a JSON Pointer whose array indices may be `*`) → threshold; null: no confidence suffices. */
export type ReviewThresholds = Record<string, number | null>;

export interface ReviewSettings {
  review_threshold?: number | null;
  review_thresholds?: ReviewThresholds | null;
}

/** A field path: `""` (the whole answer) or a JSON Pointer. */
export const FIELD_PATH_PATTERN = /^(\/([^~/]|~[01])*)*$/;

const INDEX = /^(0|[1-9]\d*)$/;

/** A job is put in review when either setting is present. */
export function reviewEnabled(settings: ReviewSettings): boolean {
  return (settings.review_threshold ?? null) !== null || (settings.review_thresholds ?? null) !== null;
}

/**
 * The threshold below which a value at `pointer` is low_confidence, or null when none applies.
 * A field path matches a pointer of as many tokens where every token is equal or the path's token
 * is `*` and the pointer's an array index; the most specific match (fewest `*`) wins. A field
 * mapped to null answers Infinity: every value of it with a confidence needs a human (so applying
 * a proposal whose field had no qualifying threshold never lets that field through).
 */
export function thresholdResolver(settings: ReviewSettings): (pointer: string) => number | null {
  const fallback = settings.review_threshold ?? null;
  const patterns = Object.entries(settings.review_thresholds ?? {})
    .map(([path, threshold]) => ({ tokens: tokensOf(path), stars: tokensOf(path).filter((t) => t === '*').length, threshold }))
    .sort((a, b) => a.stars - b.stars);
  return (pointer) => {
    const tokens = tokensOf(pointer);
    const match = patterns.find((p) => p.tokens.length === tokens.length && p.tokens.every((t, i) => t === tokens[i] || (t === '*' && INDEX.test(tokens[i]!))));
    if (!match) return fallback;
    return match.threshold === null ? Number.POSITIVE_INFINITY : match.threshold;
  };
}

/** The raw tokens of a pointer (escapes kept: both sides are compared escaped). */
const tokensOf = (pointer: string): string[] => (pointer === '' ? [] : pointer.slice(1).split('/'));
