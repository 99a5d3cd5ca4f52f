// Entry points for activities: build the request, stream it, turn the answer into a result.
import type { Config } from '../config/index.js';
import { clientFor } from './client.js';
import { conformToSchema } from './conform.js';
import { OutputError, ProviderError } from './errors.js';
import { buildExtractionRequest, requestSchema } from './extraction-request.js';
import { cleanMarkdownOutput, parseJsonOutput } from './output.js';
import { buildPageTranscriptionRequest } from './parse-request.js';
import { buildPageClassificationRequest, OTHER, type ClassificationDefinition, type PageToClassify } from './classification-request.js';
import { streamCompletion, type CompletionResult } from './stream.js';
import { logprobsRefused, rejectsLogprobs, rememberLogprobsRefused, withoutLogprobs } from './logprobs.js';
import { answerConfidence, type ConfidenceMap } from '../confidence/token-confidence.js';
import { DEFAULT_IDLE_TIMEOUT_MS } from './stream-bounds.js';
import type {
  DocumentInput,
  ExtractionAdapter,
  ExtractionDefinition,
  ExtractionExample,
  GenerationSettings,
  ImageInput,
  ParseAdapter,
  ParserDefinition,
  ProgressListener,
  ProviderSettings,
  Usage,
  WindowContext,
} from './types.js';
import type OpenAI from 'openai';
import type { ChatRequestBody } from './types.js';

export type RunConfig = Pick<
  Config,
  'localBaseUrl' | 'providerRetry' | 'nuextractModels' | 'extractionMaxTokens' | 'parsingMaxTokens'
>;

interface RunBase {
  settings: ProviderSettings;
  config: RunConfig;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  /** Awaited once the request body is built, just before it is sent (the job's model slot). */
  beforeSend?: () => Promise<void>;
}

export interface ExtractionResult {
  /** The answer in the schema's shape, not yet validated: the caller validates against the stored schema. */
  data: unknown;
  usage: Usage | null;
  model: string;
  adapter: ExtractionAdapter;
  finishReason: string | null;
  /**
   * Confidence of every leaf of the answer (JSON Pointer into the answer as the model wrote it),
   * from its token probabilities; null when the server sent none or they do not match the text.
   */
  confidence: ConfidenceMap | null;
}

export interface PageTranscriptionResult {
  markdown: string;
  usage: Usage | null;
  model: string;
  adapter: ParseAdapter;
  finishReason: string | null;
}

/** A stream cut by the token budget never yields a trustworthy answer, JSON or Markdown. */
function ensureComplete(result: CompletionResult, budget: number, what: string): void {
  if (result.finishReason === 'length') {
    throw new OutputError(
      'output_truncated',
      `The model's ${what} was cut off at the output token limit (${budget} tokens) before it was complete`,
    );
  }
}

/**
 * Stream a request whose body may carry a frequency penalty (a retry after a degenerate answer):
 * a server that refuses the parameter is asked once more without it.
 */
async function streamWithGeneration(client: OpenAI, body: ChatRequestBody, args: RunBase): Promise<CompletionResult> {
  const opts = {
    signal: args.signal,
    onProgress: args.onProgress,
    beforeSend: args.beforeSend,
    bounds: { idleMs: args.config.providerRetry.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS },
  };
  try {
    return await streamCompletion(client, body, opts);
  } catch (err) {
    const refused = err instanceof ProviderError && err.code === 'provider_rejected' && /frequency_penalty/.test(err.message);
    if (!refused || !('frequency_penalty' in body)) throw err;
    const { frequency_penalty: _dropped, ...rest } = body;
    return streamCompletion(client, rest as ChatRequestBody, opts);
  }
}

/**
 * Stream an extraction request, which asks for token probabilities: a server known to refuse them
 * is asked without; one that refuses them now (HTTP 400/422 naming `logprobs`) is asked once more
 * without, and remembered.
 */
async function streamAskingLogprobs(client: OpenAI, body: ChatRequestBody, args: RunBase & { definition: Pick<ExtractionDefinition, 'model'> }): Promise<CompletionResult> {
  const asks = 'logprobs' in body;
  if (asks && logprobsRefused(args.settings, args.definition.model)) return streamWithGeneration(client, withoutLogprobs(body), args);
  try {
    return await streamWithGeneration(client, body, args);
  } catch (err) {
    if (!asks || args.signal?.aborted || !rejectsLogprobs(err)) throw err;
    rememberLogprobsRefused(args.settings, args.definition.model);
    return streamWithGeneration(client, withoutLogprobs(body), args);
  }
}

export async function runExtraction(
  args: RunBase & {
    definition: ExtractionDefinition;
    input: DocumentInput;
    examples?: ExtractionExample[];
    /** One window of a longer document: the window variant of the request and the window schema. */
    window?: WindowContext;
    generation?: GenerationSettings;
  },
): Promise<ExtractionResult> {
  const req = { definition: args.definition, input: args.input, examples: args.examples ?? [], window: args.window, generation: args.generation };
  const { adapter, body } = buildExtractionRequest(req, args.config);
  const client = clientFor(args.settings, args.config);
  const result = await streamAskingLogprobs(client, body, args);
  ensureComplete(result, args.config.extractionMaxTokens, 'answer');
  const parsed = parseJsonOutput(result.text);
  return {
    data: conformToSchema(requestSchema(req), parsed),
    usage: result.usage,
    model: args.definition.model,
    adapter,
    finishReason: result.finishReason,
    confidence: answerConfidence(result.text, result.logprobs),
  };
}

export async function runPageTranscription(
  args: RunBase & { definition: ParserDefinition; image: ImageInput; generation?: GenerationSettings },
): Promise<PageTranscriptionResult> {
  const { adapter, body } = buildPageTranscriptionRequest(
    { definition: args.definition, image: args.image, ...(args.generation ? { generation: args.generation } : {}) },
    args.config,
  );
  const client = clientFor(args.settings, args.config);
  const result = await streamWithGeneration(client, body, args);
  ensureComplete(result, args.config.parsingMaxTokens, 'transcription');
  return {
    markdown: cleanMarkdownOutput(result.text),
    usage: result.usage,
    model: args.definition.model,
    adapter,
    finishReason: result.finishReason,
  };
}

export interface PageClassificationResult {
  class: string;
  starts_document: boolean;
  /** The lowest probability among the tokens of the class value; null without token probabilities. */
  confidence: number | null;
  usage: Usage | null;
  model: string;
}

/**
 * Classify one page (the fixed protocol of ./classification-request.ts). An answer that is not
 * exactly {class: one of the names or "other", starts_document: boolean} is an OutputError
 * (`output_schema_mismatch`, retryable), asked again as extraction asks an unusable answer again.
 */
export async function runPageClassification(args: RunBase & { definition: ClassificationDefinition; page: PageToClassify; config: RunConfig }): Promise<PageClassificationResult> {
  const body = buildPageClassificationRequest(args.definition, args.page, args.config);
  const client = clientFor(args.settings, args.config);
  const result = await streamAskingLogprobs(client, body, args);
  ensureComplete(result, args.config.extractionMaxTokens, 'answer');
  const answer = parseJsonOutput(result.text) as Record<string, unknown> | null;
  const names = [...args.definition.classes.map((c) => c.name), OTHER];
  const keys = answer && typeof answer === 'object' && !Array.isArray(answer) ? Object.keys(answer).sort() : [];
  if (keys.join(',') !== 'class,starts_document' || typeof answer!.starts_document !== 'boolean' || typeof answer!.class !== 'string' || !names.includes(answer!.class)) {
    throw new OutputError(
      'output_schema_mismatch',
      `The model's answer for page ${args.page.page} is not {"class": one of ${names.join(', ')}, "starts_document": true|false}: ${result.text.slice(0, 200)}`,
    );
  }
  const confidence = answerConfidence(result.text, result.logprobs);
  return {
    class: answer!.class as string,
    starts_document: answer!.starts_document as boolean,
    confidence: confidence?.['/class'] ?? null,
    usage: result.usage,
    model: args.definition.model,
  };
}
