import { createSecretBox } from '../src/storage/secrets.js';
import { batchActivities } from './batches.js';
import { classificationActivities } from './classification.js';
import { candidateActivities } from './candidates.js';
import { classifierEvaluationActivities } from './classifier-evaluation.js';
import type { ActivityDeps } from './deps.js';
import { DocumentCache } from './documents.js';
import { evaluationActivities } from './evaluation.js';
import { extractionActivities } from './extraction.js';
import { extractionFastPathActivities } from './extraction-fast-path.js';
import { jobStatusActivities } from './job-status.js';
import { longExtractionActivities } from './long-extraction.js';
import { parseActivities } from './parse.js';
import { retentionActivities } from './retention.js';
import { storageSweepActivities } from './storage-sweep.js';
import { suggestionActivities } from './suggestion.js';
import { webhookActivities } from './webhooks.js';

/** Builds the activity implementations with their dependencies bound. Names say what they do in the Web UI. */
export function createActivities(given: ActivityDeps) {
  const deps = { ...given, secrets: given.secrets ?? createSecretBox(given.config) };
  const documents = new DocumentCache(deps.db);
  const jobStatus = jobStatusActivities(deps);
  const longExtraction = longExtractionActivities(deps, documents);
  return {
    ...jobStatus,
    ...extractionActivities(deps, documents),
    ...longExtraction,
    ...extractionFastPathActivities({ ...jobStatus, ...longExtraction }),
    ...parseActivities(deps, documents),
    ...classificationActivities(deps, documents),
    ...suggestionActivities(deps, documents),
    ...webhookActivities(deps),
    ...evaluationActivities(deps),
    ...classifierEvaluationActivities(deps),
    ...batchActivities(deps),
    ...retentionActivities(deps),
    ...storageSweepActivities(deps),
    ...candidateActivities(deps),
    /** Used by the harness test that proves a worker is wired to the server. */
    async echo(message: string): Promise<string> {
      return message;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
