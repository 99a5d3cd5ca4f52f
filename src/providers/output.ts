// Cleaning of model text before it is used: reasoning ("thinking") and code fences removed.
import { MAX_JSON_DEPTH, tooDeepAt } from '../json-depth.js';
import { OutputError } from './errors.js';

/**
 * Remove <think>…</think> blocks. A closing tag without an opening one means the chat template
 * opened the block in the prompt (Qwen3 style), so everything before it is reasoning.
 */
export function stripReasoning(text: string): string {
  let out = text.replace(/<think>[\s\S]*?<\/think>/g, '');
  const close = out.indexOf('</think>');
  if (close !== -1 && !out.slice(0, close).includes('<think>')) out = out.slice(close + '</think>'.length);
  // An unterminated block at the start is reasoning that never reached an answer.
  out = out.replace(/^\s*<think>[\s\S]*$/, '');
  return out.trim();
}

/** The body of the first ``` fence when the text has one, else the text itself. */
export function stripCodeFence(text: string, languages: string[] = ['json']): string {
  const trimmed = text.trim();
  const langs = languages.map((l) => l.replace(/[^a-z0-9]/gi, '')).join('|');
  const whole = new RegExp('^```(?:' + langs + ')?[ \\t]*\\r?\\n?([\\s\\S]*?)\\r?\\n?```$', 'i').exec(trimmed);
  if (whole) return whole[1].trim();
  const inner = new RegExp('```(?:' + langs + ')?[ \\t]*\\r?\\n([\\s\\S]*?)\\r?\\n```', 'i').exec(trimmed);
  return inner ? inner[1].trim() : trimmed;
}

/** Model text → JSON value. Throws output_empty / output_invalid_json. */
export function parseJsonOutput(text: string): unknown {
  const cleaned = stripCodeFence(stripReasoning(text));
  if (cleaned === '') throw new OutputError('output_empty', 'The model returned no answer');
  let value: unknown;
  try {
    value = JSON.parse(cleaned);
  } catch (err) {
    const preview = cleaned.length > 200 ? `${cleaned.slice(0, 200)}…` : cleaned;
    throw new OutputError('output_invalid_json', `The model answer is not valid JSON (${(err as Error).message}): ${preview}`);
  }
  // JSON enters here too: an answer nested deeper than any schema allows is refused as it arrives,
  // before recursive code (validation, confidence, storage) meets it.
  if (tooDeepAt(value) !== undefined) {
    throw new OutputError('output_invalid_json', `The model answer nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
  }
  return value;
}

/** Model text → Markdown page: reasoning removed, and a fence wrapping the whole answer unwrapped. */
export function cleanMarkdownOutput(text: string): string {
  const cleaned = stripReasoning(text);
  const whole = /^```(?:markdown|md)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/i.exec(cleaned);
  return (whole ? whole[1] : cleaned).trim();
}
