// Every workflow the worker runs. Workflows hold orchestration only: no I/O, no clocks, no randomness.
export { pingWorkflow } from './ping.js';
export { extractionJobWorkflow } from './extraction.js';
export { parseJobWorkflow } from './parse.js';
export { deliverJobEventWorkflow } from './notify.js';
export { evaluationRunWorkflow } from './evaluation.js';
export { batchWorkflow } from './batch.js';
export { retentionWorkflow } from './retention.js';
export { storageSweepWorkflow } from './storage-sweep.js';
export { classificationJobWorkflow } from './classification.js';
export { extractorCandidateWorkflow } from './candidate.js';
export { classifierEvaluationRunWorkflow } from './classifier-evaluation.js';
export { schemaSuggestionWorkflow } from './suggestion.js';
