// Confidence of extracted values (from the model's token probabilities) and the flags a review needs.
export { answerConfidence, type ConfidenceMap } from './token-confidence.js';
export { valueSpans, type Span } from './value-spans.js';
export { jobConfidence, type LeafSource } from './assemble.js';
export { buildFlags, requiredMissing, FLAG_REASONS, type Flag, type FlagReason, type RuleFlagReason } from './flags.js';
export { leaves, valueAt, isLeaf, withValueAt } from './leaves.js';
export { notGrounded, pagesToCheck } from './grounding.js';
export { initialReview, REVIEW_STATUSES, type ReviewState, type ReviewStatus } from './review-state.js';
export { reviewEnabled, thresholdResolver, FIELD_PATH_PATTERN, type ReviewSettings, type ReviewThresholds } from './thresholds.js';
