import type Router from '@koa/router';
import type { AppDeps } from '../context.js';
import { evaluationRoutes } from './evaluations.js';
import { batchRoutes } from './batches.js';
import { classificationJobRoutes } from './classification-jobs.js';
import { schemaSuggestionRoutes } from './schema-suggestions.js';
import { classifierRoutes } from './classifiers.js';
import { extractionJobRoutes } from './extraction-jobs.js';
import { fileRoutes } from './files.js';
import { uploadRoutes } from './uploads.js';
import { parseJobRoutes } from './parse-jobs.js';
import { parseJobRetrievalRoutes } from './parse-job-retrieval.js';
import { extractorRoutes } from './extractors.js';
import { parserRoutes } from './parsers.js';
import { providerRoutes } from './providers.js';
import { schemaRoutes } from './schemas.js';
import { webhookEndpointRoutes } from './webhook-endpoints.js';

/** Every /v1 router, in one list so app.ts stays small. */
export function v1Routes(deps: AppDeps): Router[] {
  return [schemaRoutes(deps), fileRoutes(deps), uploadRoutes(deps), ...extractionJobRoutes(deps), parseJobRoutes(deps), parseJobRetrievalRoutes(deps), classificationJobRoutes(deps), schemaSuggestionRoutes(deps), providerRoutes(deps), extractorRoutes(deps), classifierRoutes(deps), parserRoutes(deps), webhookEndpointRoutes(deps), ...evaluationRoutes(deps), batchRoutes(deps)];
}
