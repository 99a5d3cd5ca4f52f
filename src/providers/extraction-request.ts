// Request bodies for extraction. Pure: same definition and input → same JSON body.
import type { Config } from '../config/index.js';
import { extractionAdapterFor } from './adapters.js';
import { documentContent, imagePart, pageParts, type ContentPart } from './content.js';
import { windowSchema } from '../long-documents/window-schema.js';
import { LOGPROB_FIELDS } from './logprobs.js';
import { nuextractTemplateString } from './nuextract-template.js';
import { responseFormatName, toStrictJsonSchema } from './strict-schema.js';
import type {
  ChatRequestBody,
  DocumentInput,
  ExtractionAdapter,
  ExtractionDefinition,
  ExtractionExample,
  GenerationSettings,
  JsonSchema,
  WindowContext,
} from './types.js';

export type ExtractionRequestConfig = Pick<Config, 'nuextractModels' | 'extractionMaxTokens'>;

export interface ExtractionRequestInput {
  definition: ExtractionDefinition;
  input: DocumentInput;
  examples?: ExtractionExample[];
  /** Set when the input is one window of a longer document: the window variant of the request. */
  window?: WindowContext;
  generation?: GenerationSettings;
}

export interface BuiltRequest<A extends string> {
  adapter: A;
  body: ChatRequestBody;
}

const STREAM_FIELDS = { stream: true, stream_options: { include_usage: true } } as const;

export function buildExtractionRequest(
  req: ExtractionRequestInput,
  config: ExtractionRequestConfig,
): BuiltRequest<ExtractionAdapter> {
  const adapter = extractionAdapterFor(req.definition.model, config);
  const body = adapter === 'nuextract-template' ? nuextractBody(req, config) : genericBody(req, config);
  return { adapter, body: { ...body, ...generationFields(req.generation) } };
}

export function generationFields(generation: GenerationSettings | undefined): Record<string, unknown> {
  return generation?.frequencyPenalty !== undefined ? { frequency_penalty: generation.frequencyPenalty } : {};
}

/** "pages 9–16 of 120" / "page 3 of 120". */
export function windowRange(window: WindowContext): string {
  const range = window.first === window.last ? `${window.unit} ${window.first}` : `${window.unit}s ${window.first}–${window.last}`;
  return `${range} of ${window.total}`;
}

/** What a window request tells the model about the part of the document it holds. */
export function windowNote(window: WindowContext): string {
  return (
    `This request holds ${windowRange(window)} of a longer document, not the whole document. ` +
    'Answer only from these pages: a field whose value is not present on these pages is null, and a list holds only the items on these pages.'
  );
}

/** The schema a request asks for: the window schema (every property nullable) for a window. */
export function requestSchema(req: ExtractionRequestInput): JsonSchema {
  return req.window ? windowSchema(req.definition.schema) : req.definition.schema;
}

function reasoningField(definition: ExtractionDefinition) {
  return definition.reasoningEffort === null ? {} : { reasoning_effort: definition.reasoningEffort };
}

// ---- generic models: strict JSON Schema response format ----

export function extractionSystemPrompt(instructions: string, strictSchema: JsonSchema): string {
  const parts = [
    'You extract structured data from documents. Read the whole document and answer with the data it contains.',
  ];
  if (instructions.trim()) parts.push(`Instructions:\n${instructions.trim()}`);
  parts.push(
    'Output: a single JSON object that conforms to the JSON Schema below, and nothing else: no prose, no ' +
      'Markdown fences. Take values from the document; do not invent them. Use null for a field the ' +
      'document does not contain, and an empty array for a list with no items.\n' +
      JSON.stringify(strictSchema),
  );
  return parts.join('\n\n');
}

function genericBody(req: ExtractionRequestInput, config: ExtractionRequestConfig): ChatRequestBody {
  const { definition } = req;
  const schema = toStrictJsonSchema(requestSchema(req));
  const system = extractionSystemPrompt(definition.instructions, schema);
  const messages: unknown[] = [{ role: 'system', content: req.window ? `${system}\n\n${windowNote(req.window)}` : system }];
  for (const example of req.examples ?? []) {
    messages.push({ role: 'user', content: documentContent(example.input) });
    messages.push({ role: 'assistant', content: JSON.stringify(example.output) });
  }
  messages.push({ role: 'user', content: documentContent(req.input, req.window ? windowRange(req.window) : undefined) });
  return {
    model: definition.model,
    messages,
    response_format: {
      type: 'json_schema',
      json_schema: { name: responseFormatName(definition.name), strict: true, schema },
    },
    max_completion_tokens: config.extractionMaxTokens,
    ...reasoningField(definition),
    ...LOGPROB_FIELDS,
    ...STREAM_FIELDS,
  };
}

// ---- NuExtract: template and examples through the chat template ----
//
// NuExtract's chat template renders `template` and `examples` (each {input, output}, output a
// JSON string) into the prompt itself. An image example is written as the "<image>" placeholder,
// which the template turns into an image slot; the image itself must then be the next image of
// the message content, so example images are placed before the document's own images. A template
// example holds one image: only an example's first page is used.

function nuextractBody(req: ExtractionRequestInput, config: ExtractionRequestConfig): ChatRequestBody {
  const { definition } = req;
  const exampleImages: ContentPart[] = [];
  const examples = (req.examples ?? []).map((example) => {
    const output = JSON.stringify(example.output);
    if (example.input.type === 'text') return { input: example.input.text, output };
    const first = example.input.images[0];
    if (first) exampleImages.push(imagePart(first));
    return { input: '<image>', output };
  });

  const document = req.input;
  let content: string | ContentPart[];
  if (document.type === 'text') {
    content = exampleImages.length > 0 ? [...exampleImages, { type: 'text', text: document.text }] : document.text;
  } else {
    content = [...exampleImages, ...pageParts(document)];
  }

  const messages: unknown[] = [];
  // NuExtract's chat template renders a system message in place of its default one. A window keeps
  // the same template; the system message says which pages it holds.
  const system = [definition.instructions.trim(), req.window ? windowNote(req.window) : ''].filter(Boolean).join('\n\n');
  if (system) messages.push({ role: 'system', content: system });
  messages.push({ role: 'user', content });

  return {
    model: definition.model,
    messages,
    chat_template_kwargs: { template: nuextractTemplateString(definition.schema), examples },
    max_completion_tokens: config.extractionMaxTokens,
    ...reasoningField(definition),
    ...LOGPROB_FIELDS,
    ...STREAM_FIELDS,
  };
}
