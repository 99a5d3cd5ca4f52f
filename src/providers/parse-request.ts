// Request bodies for transcribing one page to Markdown. Pure.
import type { Config } from '../config/index.js';
import { parseAdapterFor } from './adapters.js';
import { imagePart } from './content.js';
import { generationFields, type BuiltRequest } from './extraction-request.js';
import type { GenerationSettings, ImageInput, ParseAdapter, ParserDefinition } from './types.js';

export type ParseRequestConfig = Pick<Config, 'nuextractModels' | 'parsingMaxTokens'>;

export const TRANSCRIPTION_PROMPT = [
  'Transcribe this document page into Markdown.',
  '',
  '- Transcribe faithfully: every piece of text on the page, in reading order, with its original wording, spelling, numbers and language. Do not summarise, translate, correct or complete anything.',
  '- Headings become Markdown headings (#, ##, ###) following the visual hierarchy of the page.',
  '- Paragraphs stay paragraphs; bulleted and numbered lists become Markdown lists, keeping their nesting.',
  '- Tables become Markdown tables with a header row, one table row per printed row; leave a cell empty when it is empty on the page.',
  '- Keep emphasis (bold, italic) where it is clear. Formulas go in LaTeX between $ signs.',
  '- For a picture, chart or logo, write a short description in square brackets; for a signature or stamp, write [signature] or [stamp]. Checkboxes become ☐ or ☑.',
  '- Leave out running headers, footers and page numbers only when they repeat on every page; otherwise transcribe them.',
  '- Output only the Markdown of this page: no commentary, no explanations, no code fences around the answer.',
].join('\n');

export function transcriptionPrompt(instructions: string): string {
  const extra = instructions.trim();
  return extra ? `${TRANSCRIPTION_PROMPT}\n\nAdditional instructions:\n${extra}` : TRANSCRIPTION_PROMPT;
}

export function buildPageTranscriptionRequest(
  req: { definition: ParserDefinition; image: ImageInput; generation?: GenerationSettings },
  config: ParseRequestConfig,
): BuiltRequest<ParseAdapter> {
  const { definition, image } = req;
  const extra = generationFields(req.generation);
  const adapter = parseAdapterFor(definition.model, config);
  const stream = { stream: true, stream_options: { include_usage: true } };

  if (adapter === 'nuextract-markdown') {
    const messages: unknown[] = [];
    if (definition.instructions.trim()) messages.push({ role: 'system', content: definition.instructions.trim() });
    messages.push({ role: 'user', content: [imagePart(image)] });
    const thinking = definition.reasoningEffort !== null && definition.reasoningEffort !== 'none';
    return {
      adapter,
      body: {
        model: definition.model,
        messages,
        chat_template_kwargs: { mode: 'markdown', enable_thinking: thinking },
        max_completion_tokens: config.parsingMaxTokens,
        ...extra,
        ...stream,
      },
    };
  }

  return {
    adapter,
    body: {
      model: definition.model,
      // The prompt travels with the image in one user turn: the shape every vision server accepts.
      messages: [{ role: 'user', content: [{ type: 'text', text: transcriptionPrompt(definition.instructions) }, imagePart(image)] }],
      max_completion_tokens: config.parsingMaxTokens,
      ...(definition.reasoningEffort === null ? {} : { reasoning_effort: definition.reasoningEffort }),
      ...extra,
      ...stream,
    },
  };
}
