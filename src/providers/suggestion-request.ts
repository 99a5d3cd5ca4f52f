// The model protocol of schema suggestions (issue 51): the sample documents' first pages (images
// and text layers, as extraction sends them) or texts, and the user's instructions; the answer is
// {"schema": <JSON Schema of the extraction dialect>, "field_notes": [{path, description}],
// "instructions": …, "rules": […]}. A second request (when the first schema was not in the
// dialect) repeats the first and quotes the answer and its diagnostics. Pure: same input → same body.
import type { Config } from '../config/index.js';
import { imagePart, TEXT_LAYER_NOTE, type ContentPart } from './content.js';
import { clientFor } from './client.js';
import { OutputError } from './errors.js';
import { parseJsonOutput } from './output.js';
import { DEFAULT_IDLE_TIMEOUT_MS } from './stream-bounds.js';
import { streamCompletion } from './stream.js';
import type { ChatRequestBody, ImageInput, JsonSchema, ProviderSettings, Usage } from './types.js';
import type { RunConfig } from './run.js';

/** One sample: a file's first pages (images with their text layers) or an inline text. */
export type SuggestionSample =
  | { type: 'file'; name: string; pageCount: number; images: ImageInput[]; texts: Array<string | null> }
  | { type: 'text'; text: string };

export interface SuggestionRequestInput {
  model: string;
  instructions: string | null;
  samples: SuggestionSample[];
  /** The first answer and what was wrong with it: the request that asks once more. */
  retry?: { answer: string; diagnostics: string };
}

/**
 * The answer's shape. `schema` is any object (a JSON Schema), which only a server that applies a
 * schema as it is can constrain strictly; see `strictFor`.
 */
export const SUGGESTION_ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    schema: { type: 'object' },
    field_notes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, description: { type: 'string' } },
        required: ['path', 'description'],
        additionalProperties: false,
      },
    },
    instructions: { type: 'string' },
    rules: { type: 'array', items: { type: 'object' } },
  },
  required: ['schema', 'field_notes', 'instructions', 'rules'],
  additionalProperties: false,
};

export const SUGGESTION_SYSTEM_PROMPT = [
  'You design the JSON Schema of an extractor: from the sample documents (and the instructions, when given) propose the fields a user would extract from documents of this type.',
  'The schema must belong to the extraction schema dialect: a root {"type": "object", "properties": {…}, "required": […], "additionalProperties": false}; ' +
    'property schemas of type string, number, integer, boolean, object (with properties) or array (with items), a string enum ({"type": "string", "enum": […]}), ' +
    'optionally nullable as {"type": ["string", "null"]} (arrays are never nullable). Strings may carry {"x-service": {"semantic": "date"}} (or time, date-time, ' +
    'currency, country, email-address, phone-number, iban, url, number, integer). Give every property a short "description". No $ref, no formats, no other keywords.',
  'Every property is listed in "required"; a field a document may lack is nullable. Use snake_case property names; a repeated group (line items) is an array of objects.',
  'Answer with a single JSON object and nothing else: {"schema": <the JSON Schema>, "field_notes": [{"path": "/json/pointer/of/field", "description": "what it holds and where it is found"}], ' +
    '"instructions": "extraction instructions for the extractor (may be empty)", "rules": [checks the values must pass, optional: ' +
    '{"id", "kind": "sum", "items": "/items/*/amount", "equals": "/total"} | {"id", "kind": "regex", "path", "pattern"} | {"id", "kind": "range", "path", "min"?, "max"?} | ' +
    '{"id", "kind": "required", "path"} | {"id", "kind": "date_order", "before", "after"} | {"id", "kind": "equals", "path", "other"}]}.',
].join('\n\n');

/** Strict structured output where the server applies any schema as it is (chat-completions servers); hosted APIs accept only closed objects, so the envelope goes non-strict there. */
export function strictFor(settings: Pick<ProviderSettings, 'name'>): boolean {
  return settings.name === 'compatible_api';
}

function sampleParts(sample: SuggestionSample, index: number, count: number): ContentPart[] {
  const label = count === 1 ? 'The sample document' : `Sample document ${index + 1} of ${count}`;
  if (sample.type === 'text') return [{ type: 'text', text: `${label} (text):\n${sample.text}` }];
  const shown = sample.images.length;
  const of = sample.pageCount > shown ? `its first ${shown} of ${sample.pageCount} pages` : shown === 1 ? 'its page' : `its ${shown} pages`;
  const note = sample.texts.some((t) => t) ? ` ${TEXT_LAYER_NOTE}` : '';
  const parts: ContentPart[] = [{ type: 'text', text: `${label} ('${sample.name}'): ${of} as images, in page order.${note}` }];
  sample.images.forEach((image, i) => {
    parts.push(imagePart(image));
    const text = sample.texts[i];
    if (text) parts.push({ type: 'text', text: `Text layer of page ${i + 1}:\n${text}` });
  });
  return parts;
}

export function buildSchemaSuggestionRequest(
  input: SuggestionRequestInput,
  settings: Pick<ProviderSettings, 'name'>,
  config: Pick<Config, 'extractionMaxTokens'>,
): ChatRequestBody {
  const content: ContentPart[] = input.samples.flatMap((s, i) => sampleParts(s, i, input.samples.length));
  if (input.instructions?.trim()) content.push({ type: 'text', text: `Instructions from the user:\n${input.instructions.trim()}` });
  const messages: unknown[] = [
    { role: 'system', content: SUGGESTION_SYSTEM_PROMPT },
    { role: 'user', content },
  ];
  if (input.retry) {
    messages.push({ role: 'assistant', content: input.retry.answer });
    messages.push({
      role: 'user',
      content:
        'That schema is not valid in the extraction schema dialect. The validator reported:\n' +
        `${input.retry.diagnostics}\n\nAnswer again with the whole corrected JSON object.`,
    });
  }
  // Every model gets the answer format, NuExtract included: a suggestion is not an extraction, so
  // NuExtract's template protocol has nothing to say here.
  return {
    model: input.model,
    messages,
    response_format: { type: 'json_schema', json_schema: { name: 'schema_suggestion', strict: strictFor(settings), schema: SUGGESTION_ANSWER_SCHEMA } },
    max_completion_tokens: config.extractionMaxTokens,
    stream: true,
    stream_options: { include_usage: true },
  };
}

export interface SuggestionAnswer {
  /** The answer as the model wrote it (quoted back in a second request). */
  text: string;
  /** Parsed JSON; undefined when the text is not JSON. */
  parsed: unknown;
  usage: Usage | null;
}

/** Ask once. A cut-off answer is an OutputError (output_truncated); an answer that is not JSON is returned for the caller to judge. */
export async function runSchemaSuggestion(args: {
  settings: ProviderSettings;
  config: RunConfig;
  input: SuggestionRequestInput;
  signal?: AbortSignal;
  beforeSend?: () => Promise<void>;
}): Promise<SuggestionAnswer> {
  const body = buildSchemaSuggestionRequest(args.input, args.settings, args.config);
  const client = clientFor(args.settings, args.config);
  const result = await streamCompletion(client, body, {
    signal: args.signal,
    beforeSend: args.beforeSend,
    bounds: { idleMs: args.config.providerRetry.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS },
  });
  if (result.finishReason === 'length') {
    throw new OutputError('output_truncated', `The model's suggestion was cut off at the output token limit (${args.config.extractionMaxTokens} tokens) before it was complete`);
  }
  let parsed: unknown;
  try {
    parsed = parseJsonOutput(result.text);
  } catch {
    parsed = undefined;
  }
  return { text: result.text, parsed, usage: result.usage };
}
