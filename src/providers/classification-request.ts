// The fixed model protocol of page classification (issue 44): one request per page with the page
// image and, where the page has a text layer, its text; a strict structured-output schema
// {"class": <enum of the class names and "other">, "starts_document": boolean}; token
// probabilities asked for as extraction does. Pure: same classifier and page → same body.
import type { Config } from '../config/index.js';
import { imagePart, type ContentPart } from './content.js';
import { LOGPROB_FIELDS } from './logprobs.js';
import { responseFormatName } from './strict-schema.js';
import type { ChatRequestBody, ImageInput, JsonSchema } from './types.js';

export interface ClassificationDefinition {
  name: string;
  instructions: string;
  /** The classes in their order; `other` is added by the protocol. */
  classes: Array<{ name: string; description: string }>;
  model: string;
}

export interface PageToClassify {
  /** The page image; absent for inline text. */
  image?: ImageInput;
  /** The page's text layer (or the inline text); null or empty when it has none. */
  text: string | null;
  page: number;
  pageCount: number;
}

export const OTHER = 'other';

/** The answer schema: both fields required, nothing else. */
export function classificationSchema(classNames: string[]): JsonSchema {
  return {
    type: 'object',
    properties: {
      class: { type: 'string', enum: [...classNames, OTHER] },
      starts_document: { type: 'boolean' },
    },
    required: ['class', 'starts_document'],
    additionalProperties: false,
  };
}

export function classificationSystemPrompt(def: ClassificationDefinition): string {
  const classes = def.classes.map((c) => `- ${c.name}: ${c.description}`).join('\n');
  const parts = [
    'You classify one page of a bundle of documents (a packet). Say which class of document the page belongs to, ' +
      'and whether it is the first page of a new document (true) or continues the document of the page before (false).',
    `Classes:\n${classes}\n- ${OTHER}: anything none of the classes above describes.`,
  ];
  if (def.instructions.trim()) parts.push(`Instructions:\n${def.instructions.trim()}`);
  parts.push('Output: a single JSON object {"class": …, "starts_document": …} that conforms to the JSON Schema below, and nothing else.\n' + JSON.stringify(classificationSchema(def.classes.map((c) => c.name))));
  return parts.join('\n\n');
}

export function buildPageClassificationRequest(def: ClassificationDefinition, page: PageToClassify, config: Pick<Config, 'extractionMaxTokens'>): ChatRequestBody {
  const content: ContentPart[] = [{ type: 'text', text: `Page ${page.page} of ${page.pageCount}.` }];
  if (page.image) content.push(imagePart(page.image));
  if (page.text && page.text.trim()) content.push({ type: 'text', text: `Text of the page:\n${page.text}` });
  return {
    model: def.model,
    messages: [
      { role: 'system', content: classificationSystemPrompt(def) },
      { role: 'user', content },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: responseFormatName(`${def.name}-page-class`), strict: true, schema: classificationSchema(def.classes.map((c) => c.name)) },
    },
    max_completion_tokens: Math.min(config.extractionMaxTokens, 256),
    ...LOGPROB_FIELDS,
    stream: true,
    stream_options: { include_usage: true },
  };
}
