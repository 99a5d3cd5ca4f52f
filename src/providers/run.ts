// Entry points for activities: build the request, stream it, turn the answer into a result.
import type { Config } from '../config/index.js';
import { clientFor } from './client.js';
import { conformToSchema } from './conform.js';
import { OutputError } from './errors.js';
import { buildExtractionRequest } from './extraction-request.js';
import { cleanMarkdownOutput, parseJsonOutput } from './output.js';
import { buildPageTranscriptionRequest } from './parse-request.js';
import { streamCompletion, type CompletionResult } from './stream.js';
import type {
  DocumentInput,
  ExtractionAdapter,
  ExtractionDefinition,
  ExtractionExample,
  ImageInput,
  ParseAdapter,
  ParserDefinition,
  ProgressListener,
  ProviderSettings,
  Usage,
} from './types.js';

export type RunConfig = Pick<
  Config,
  'localBaseUrl' | 'providerRetry' | 'nuextractModels' | 'extractionMaxTokens' | 'parsingMaxTokens'
>;

interface RunBase {
  settings: ProviderSettings;
  config: RunConfig;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export interface ExtractionResult {
  /** The answer in the schema's shape, not yet validated: the caller validates against the stored schema. */
  data: unknown;
  usage: Usage | null;
  model: string;
  adapter: ExtractionAdapter;
  finishReason: string | null;
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

export async function runExtraction(
  args: RunBase & { definition: ExtractionDefinition; input: DocumentInput; examples?: ExtractionExample[] },
): Promise<ExtractionResult> {
  const { adapter, body } = buildExtractionRequest(
    { definition: args.definition, input: args.input, examples: args.examples ?? [] },
    args.config,
  );
  const client = clientFor(args.settings, args.config);
  const result = await streamCompletion(client, body, { signal: args.signal, onProgress: args.onProgress });
  ensureComplete(result, args.config.extractionMaxTokens, 'answer');
  const parsed = parseJsonOutput(result.text);
  return {
    data: conformToSchema(args.definition.schema, parsed),
    usage: result.usage,
    model: args.definition.model,
    adapter,
    finishReason: result.finishReason,
  };
}

export async function runPageTranscription(
  args: RunBase & { definition: ParserDefinition; image: ImageInput },
): Promise<PageTranscriptionResult> {
  const { adapter, body } = buildPageTranscriptionRequest({ definition: args.definition, image: args.image }, args.config);
  const client = clientFor(args.settings, args.config);
  const result = await streamCompletion(client, body, { signal: args.signal, onProgress: args.onProgress });
  ensureComplete(result, args.config.parsingMaxTokens, 'transcription');
  return {
    markdown: cleanMarkdownOutput(result.text),
    usage: result.usage,
    model: args.definition.model,
    adapter,
    finishReason: result.finishReason,
  };
}
