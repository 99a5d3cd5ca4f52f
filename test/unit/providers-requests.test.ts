import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config/index.js';
import { RECEIPT_EXTRACTOR, RECEIPT_SCHEMA } from '../../src/domain/prebuilt.js';
import {
  buildExtractionRequest,
  buildPageTranscriptionRequest,
  extractionSystemPrompt,
  nuextractTemplateString,
  toStrictJsonSchema,
  TRANSCRIPTION_PROMPT,
} from '../../src/providers/index.js';
import type { ExtractionDefinition, ImageInput } from '../../src/providers/types.js';

const config = loadConfig({ SERVICE_EXTRACTION_MAX_TOKENS: '1234', SERVICE_PARSING_MAX_TOKENS: '5678' });
const NUEXTRACT = 'numind/NuExtract-2.0-8B';
const GENERIC = 'gpt-4.1-mini';

const png: ImageInput = { mediaType: 'image/png', base64: 'iVBORw0KGgo=' };
const jpeg: ImageInput = { mediaType: 'image/jpeg', base64: '/9j/4AAQ' };
const page2: ImageInput = { mediaType: 'image/png', base64: 'UEFHRTI=' };
const pngPart = { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
const jpegPart = { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } };
const page2Part = { type: 'image_url', image_url: { url: 'data:image/png;base64,UEFHRTI=' } };

function receipt(model: string, reasoningEffort: ExtractionDefinition['reasoningEffort'] = null): ExtractionDefinition {
  return { name: 'receipt', instructions: RECEIPT_EXTRACTOR.instructions, schema: RECEIPT_SCHEMA, model, reasoningEffort };
}

const strictReceipt = toStrictJsonSchema(RECEIPT_SCHEMA);
const system = { role: 'system', content: extractionSystemPrompt(RECEIPT_EXTRACTOR.instructions, strictReceipt) };
const responseFormat = { type: 'json_schema', json_schema: { name: 'receipt', strict: true, schema: strictReceipt } };
const streamFields = { stream: true, stream_options: { include_usage: true } };
/** Every extraction request asks for token probabilities (confidence of values). */
const logprobFields = { logprobs: true, top_logprobs: 5 };

describe('generic extraction request', () => {
  it('sends text input with the strict JSON schema and no reasoning field when effort is null', () => {
    const { adapter, body } = buildExtractionRequest(
      { definition: receipt(GENERIC), input: { type: 'text', text: 'ACME 12.50' } },
      config,
    );
    expect(adapter).toBe('generic-json-schema');
    expect(body).toEqual({
      model: GENERIC,
      messages: [system, { role: 'user', content: 'ACME 12.50' }],
      response_format: responseFormat,
      max_completion_tokens: 1234,
      ...logprobFields,
      ...streamFields,
    });
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(body).not.toHaveProperty('chat_template_kwargs');
    expect(body).not.toHaveProperty('max_tokens');
    expect(Object.keys(body)).toEqual(['model', 'messages', 'response_format', 'max_completion_tokens', 'logprobs', 'top_logprobs', 'stream', 'stream_options']);
  });

  it('puts instructions and the expected output in the system message', () => {
    const prompt = system.content;
    expect(prompt).toContain(RECEIPT_EXTRACTOR.instructions);
    expect(prompt).toContain(JSON.stringify(strictReceipt));
    expect(prompt).toMatch(/single JSON object/);
  });

  it('sends an uploaded image as an image_url data URL part, with reasoning_effort when set', () => {
    const { body } = buildExtractionRequest(
      { definition: receipt(GENERIC, 'low'), input: { type: 'images', images: [jpeg] } },
      config,
    );
    expect(body).toEqual({
      model: GENERIC,
      messages: [system, { role: 'user', content: [{ type: 'text', text: 'The document is the attached image.' }, jpegPart] }],
      response_format: responseFormat,
      max_completion_tokens: 1234,
      reasoning_effort: 'low',
      ...logprobFields,
      ...streamFields,
    });
  });

  it("sends a multi-page PDF's rendered pages in order", () => {
    const { body } = buildExtractionRequest(
      { definition: receipt(GENERIC, 'none'), input: { type: 'images', images: [png, page2] } },
      config,
    );
    expect(body.messages[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'The document is the 2 attached page images, in page order.' }, pngPart, page2Part],
    });
    expect(body.reasoning_effort).toBe('none');
  });

  it('sends few-shot examples as earlier user/assistant turns', () => {
    const out1 = { merchant_name: 'Shop', total: 3 };
    const out2 = { merchant_name: 'Cafe', total: 4.5 };
    const { body } = buildExtractionRequest(
      {
        definition: receipt(GENERIC),
        input: { type: 'text', text: 'doc' },
        examples: [
          { input: { type: 'text', text: 'Shop total 3' }, output: out1 },
          { input: { type: 'images', images: [png] }, output: out2 },
        ],
      },
      config,
    );
    expect(body.messages).toEqual([
      system,
      { role: 'user', content: 'Shop total 3' },
      { role: 'assistant', content: JSON.stringify(out1) },
      { role: 'user', content: [{ type: 'text', text: 'The document is the attached image.' }, pngPart] },
      { role: 'assistant', content: JSON.stringify(out2) },
      { role: 'user', content: 'doc' },
    ]);
  });

  it('derives a valid response_format name from the extractor name', () => {
    const { body } = buildExtractionRequest(
      { definition: { ...receipt(GENERIC), name: 'my.invoice extractor' }, input: { type: 'text', text: 'x' } },
      config,
    );
    expect((body.response_format as { json_schema: { name: string } }).json_schema.name).toBe('my_invoice_extractor');
  });
});

describe('NuExtract extraction request', () => {
  const template = nuextractTemplateString(RECEIPT_SCHEMA);

  it('sends the template through chat_template_kwargs and no response_format', () => {
    const { adapter, body } = buildExtractionRequest(
      { definition: receipt(NUEXTRACT), input: { type: 'text', text: 'ACME 12.50' } },
      config,
    );
    expect(adapter).toBe('nuextract-template');
    expect(body).toEqual({
      model: NUEXTRACT,
      messages: [
        { role: 'system', content: RECEIPT_EXTRACTOR.instructions },
        { role: 'user', content: 'ACME 12.50' },
      ],
      chat_template_kwargs: { template, examples: [] },
      max_completion_tokens: 1234,
      ...logprobFields,
      ...streamFields,
    });
    expect(body).not.toHaveProperty('response_format');
    expect(JSON.parse(template).payment_method).toEqual(['cash', 'credit_card', 'debit_card', 'mobile_payment', 'gift_card', 'other']);
  });

  it('sends page images as the user content and examples as {input, output} with JSON string outputs', () => {
    const { body } = buildExtractionRequest(
      {
        definition: { ...receipt(NUEXTRACT, 'high'), instructions: '' },
        input: { type: 'images', images: [png, page2] },
        examples: [
          { input: { type: 'text', text: 'Shop total 3' }, output: { total: 3 } },
          { input: { type: 'images', images: [jpeg, png] }, output: { total: 4 } },
        ],
      },
      config,
    );
    expect(body).toEqual({
      model: NUEXTRACT,
      // The example image comes first: the chat template's <image> slot for the example takes it.
      messages: [{ role: 'user', content: [jpegPart, pngPart, page2Part] }],
      chat_template_kwargs: {
        template,
        examples: [
          { input: 'Shop total 3', output: '{"total":3}' },
          { input: '<image>', output: '{"total":4}' },
        ],
      },
      max_completion_tokens: 1234,
      reasoning_effort: 'high',
      ...logprobFields,
      ...streamFields,
    });
  });

  it('recognises NuExtract by exact id only', () => {
    const { adapter } = buildExtractionRequest(
      { definition: receipt('numind/NuExtract-2.0-8B-GGUF'), input: { type: 'text', text: 'x' } },
      config,
    );
    expect(adapter).toBe('generic-json-schema');
  });
});

describe('page transcription request', () => {
  it('generic vision: transcription prompt with parser instructions appended, one image, parse budget', () => {
    const { adapter, body } = buildPageTranscriptionRequest(
      { definition: { instructions: 'Keep footnotes.', model: GENERIC, reasoningEffort: null }, image: png },
      config,
    );
    expect(adapter).toBe('generic-vision');
    expect(body).toEqual({
      model: GENERIC,
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: `${TRANSCRIPTION_PROMPT}\n\nAdditional instructions:\nKeep footnotes.` }, pngPart],
        },
      ],
      max_completion_tokens: 5678,
      ...streamFields,
    });
    expect(TRANSCRIPTION_PROMPT).toMatch(/Markdown tables/);
    expect(TRANSCRIPTION_PROMPT).toMatch(/no commentary/);
  });

  it('generic vision: no instructions section when empty, reasoning_effort when set', () => {
    const { body } = buildPageTranscriptionRequest(
      { definition: { instructions: '  ', model: GENERIC, reasoningEffort: 'medium' }, image: jpeg },
      config,
    );
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: TRANSCRIPTION_PROMPT }, jpegPart] }]);
    expect(body.reasoning_effort).toBe('medium');
  });

  it('NuExtract: markdown mode, thinking off without reasoning effort, no template, no system message', () => {
    const { adapter, body } = buildPageTranscriptionRequest(
      { definition: { instructions: '', model: NUEXTRACT, reasoningEffort: null }, image: png },
      config,
    );
    expect(adapter).toBe('nuextract-markdown');
    expect(body).toEqual({
      model: NUEXTRACT,
      messages: [{ role: 'user', content: [pngPart] }],
      chat_template_kwargs: { mode: 'markdown', enable_thinking: false },
      max_completion_tokens: 5678,
      ...streamFields,
    });
  });

  it('NuExtract: instructions as a system message, thinking on with an effort other than none', () => {
    const on = buildPageTranscriptionRequest(
      { definition: { instructions: 'Skip the letterhead.', model: NUEXTRACT, reasoningEffort: 'low' }, image: png },
      config,
    ).body;
    expect(on.messages).toEqual([
      { role: 'system', content: 'Skip the letterhead.' },
      { role: 'user', content: [pngPart] },
    ]);
    expect(on.chat_template_kwargs).toEqual({ mode: 'markdown', enable_thinking: true });
    expect(on).not.toHaveProperty('reasoning_effort');
    expect(on).not.toHaveProperty('response_format');

    const none = buildPageTranscriptionRequest(
      { definition: { instructions: '', model: NUEXTRACT, reasoningEffort: 'none' }, image: png },
      config,
    ).body;
    expect(none.chat_template_kwargs).toEqual({ mode: 'markdown', enable_thinking: false });
  });
});
