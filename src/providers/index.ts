// Model-protocol layer: provider clients, request builders, streaming, output handling.
export { extractionAdapterFor, isNuExtractModel, parseAdapterFor } from './adapters.js';
export { classifyError, rejectsMaxCompletionTokens } from './classify.js';
export { createClient, resolveApiKey, resolveConnection, PLACEHOLDER_API_KEY } from './client.js';
export { conformToSchema } from './conform.js';
export * from './errors.js';
export { buildExtractionRequest, extractionSystemPrompt, requestSchema, windowNote, windowRange } from './extraction-request.js';
export { isPlausibleChatModel, listModels } from './models.js';
export { nuextractTemplateString, toNuExtractTemplate } from './nuextract-template.js';
export { cleanMarkdownOutput, parseJsonOutput, stripCodeFence, stripReasoning } from './output.js';
export { buildPageTranscriptionRequest, TRANSCRIPTION_PROMPT, transcriptionPrompt } from './parse-request.js';
export { runExtraction, runPageClassification, runPageTranscription, type ExtractionResult, type PageClassificationResult, type PageTranscriptionResult } from './run.js';
export { buildPageClassificationRequest, classificationSchema, OTHER as OTHER_CLASS, type ClassificationDefinition, type PageToClassify } from './classification-request.js';
export { streamCompletion, withLegacyTokenField, type CompletionResult } from './stream.js';
export { responseFormatName, toStrictJsonSchema } from './strict-schema.js';
export { buildSchemaSuggestionRequest, runSchemaSuggestion, SUGGESTION_ANSWER_SCHEMA, type SuggestionSample, type SuggestionAnswer } from './suggestion-request.js';
export type * from './types.js';
