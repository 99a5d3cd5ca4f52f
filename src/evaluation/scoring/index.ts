// Scoring of evaluation runs: pure functions, no I/O (docs/evaluation.md states the rules).
export { scoreRun, calibrate, CALIBRATION_EDGES, CALIBRATION_THRESHOLDS } from './report.js';
export type { ItemOutcome, ItemReport, Mismatch, Report, Scored, ScoredLeaf, Calibration } from './report.js';
export { compareRuns } from './compare.js';
export type { Comparison, LeafChange } from './compare.js';
export { collectLeaves, judge } from './leaves.js';
export type { Leaf, Outcome } from './leaves.js';
export { metricsOf, type Metrics, type Counts } from './metrics.js';
export { DEFAULT_OPTIONS, withDefaults, type ScoringOptions } from './options.js';
export { dateFields } from './schema-fields.js';
export { asIsoDate, asNumber, normaliseString, similarity, valuesEqual } from './values.js';
export { maximumAssignment } from './hungarian.js';
export { ruleRates, type RuleRate } from './rules.js';
