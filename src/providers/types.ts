// Shared types of the model-protocol layer.
import type { ProviderName } from '../kinds.js';

export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

/** A JSON Schema object (extraction dialect or a derived form of it). */
export type JsonSchema = Record<string, any>;

/** Connection state of one provider row, with the API key already decrypted. */
export interface ProviderSettings {
  name: ProviderName;
  baseUrl: string | null;
  configuration: Record<string, unknown>;
  apiKey: string | null;
  apiKeyEnv: string | null;
}

/** An image sent to a model: PNG/JPEG as uploaded, or a PDF page rendered to PNG. */
export interface ImageInput {
  mediaType: string;
  base64: string;
}

/**
 * What the model reads: inline text, or page images in page order. `texts[i]`, when given, is the
 * text layer of image i (null: the page has none), sent right after its image; `firstPage` numbers
 * the images (a window's first page; default 1).
 */
export type DocumentInput =
  | { type: 'text'; text: string }
  | { type: 'images'; images: ImageInput[]; texts?: Array<string | null>; firstPage?: number };

/** A few-shot example whose file (if any) the caller has already turned into images. */
export interface ExtractionExample {
  input: DocumentInput;
  output: unknown;
}

export interface ExtractionDefinition {
  name: string;
  instructions: string;
  schema: JsonSchema;
  model: string;
  reasoningEffort: ReasoningEffort | null;
}

export interface ParserDefinition {
  instructions: string;
  model: string;
  reasoningEffort: ReasoningEffort | null;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export type ExtractionAdapter = 'nuextract-template' | 'generic-json-schema';
export type ParseAdapter = 'nuextract-markdown' | 'generic-vision';

/** Exact JSON body of a chat-completions request. */
export type ChatRequestBody = Record<string, unknown> & { model: string; messages: unknown[] };

/** Streaming progress, reported on every received chunk so activities can heartbeat. */
export interface StreamProgress {
  chunks: number;
  characters: number;
}
export type ProgressListener = (progress: StreamProgress) => void;

/** Which part of a longer document a request holds (long-document windows). */
export interface WindowContext {
  first: number;
  last: number;
  total: number;
  /** 'page' for PDF pages; 'text page' for the parts inline text is cut into. */
  unit: 'page' | 'text page';
}

/** Generation settings that differ from the defaults (a retry after a degenerate answer). */
export interface GenerationSettings {
  frequencyPenalty?: number;
}

/** One generated token with its log probability (`logprobs.content[]` of a chat completion). */
export interface TokenLogprob {
  token: string;
  logprob: number;
  /** UTF-8 bytes of the token, when the server sends them. */
  bytes: number[] | null;
}
