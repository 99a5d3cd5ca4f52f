// Names shared by the API (which starts workflows) and the worker (which runs them).
export const WORKFLOW_TYPES = {
  extraction: 'extractionJobWorkflow',
  parse: 'parseJobWorkflow',
  classification: 'classificationJobWorkflow',
  suggestion: 'schemaSuggestionWorkflow',
} as const;
