// Confidence of each value of a model's JSON answer, from the answer's token log probabilities:
// the lowest probability (exp(logprob)) among the tokens that carry the value's own characters.
// Tokens are laid over the answer by concatenating their texts (or, when those do not add up, their
// UTF-8 bytes); when neither reproduces the answer exactly, the answer has no confidence (null).
import type { TokenLogprob } from '../providers/types.js';
import { stripCodeFence, stripReasoning } from '../providers/output.js';
import { valueSpans, type Span } from './value-spans.js';

/** JSON Pointer of a leaf → its confidence in [0, 1]. */
export type ConfidenceMap = Record<string, number>;

/** Confidences are reported to 6 decimals (enough to tell 0.999999 from 1). */
const round = (p: number) => Math.round(Math.min(1, Math.max(0, p)) * 1e6) / 1e6;

/** Where each token starts and ends, in units of the answer (characters, or UTF-8 bytes). */
interface Layout {
  starts: number[];
  ends: number[];
  /** A character offset of the answer → the offset in the layout's unit. */
  unitOf: (charOffset: number) => number;
}

function layout(text: string, tokens: TokenLogprob[]): Layout | null {
  const starts: number[] = [];
  const ends: number[] = [];
  if (tokens.map((t) => t.token).join('') === text) {
    let at = 0;
    for (const t of tokens) {
      starts.push(at);
      at += t.token.length;
      ends.push(at);
    }
    return { starts, ends, unitOf: (c) => c };
  }
  if (!tokens.every((t) => Array.isArray(t.bytes))) return null;
  const bytes = Buffer.from(tokens.flatMap((t) => t.bytes!));
  if (bytes.toString('utf8') !== text) return null;
  let at = 0;
  for (const t of tokens) {
    starts.push(at);
    at += t.bytes!.length;
    ends.push(at);
  }
  return { starts, ends, unitOf: (c) => Buffer.byteLength(text.slice(0, c), 'utf8') };
}

/** Lowest probability among the tokens overlapping `span`; null when no token does. */
function lowest(span: Span, tokens: TokenLogprob[], l: Layout): number | null {
  const s = l.unitOf(span[0]);
  const e = l.unitOf(span[1]);
  // First token ending after the span's start (binary search: token ends are ascending).
  let lo = 0;
  let hi = l.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (l.ends[mid]! <= s) lo = mid + 1;
    else hi = mid;
  }
  let min: number | null = null;
  for (let i = lo; i < tokens.length && l.starts[i]! < e; i++) {
    if (l.ends[i] === l.starts[i]) continue; // an empty token carries nothing
    const p = Math.exp(tokens[i]!.logprob);
    min = min === null ? p : Math.min(min, p);
  }
  return min;
}

/** Where the JSON of the answer starts: where the output parser finds it (reasoning and fences removed). */
function jsonOffset(text: string): number {
  const cleaned = stripCodeFence(stripReasoning(text));
  if (cleaned === '') return -1;
  return text.lastIndexOf(cleaned);
}

/**
 * The confidence of every leaf of the JSON answer `text`, keyed by JSON Pointer into the parsed
 * answer; null when the tokens do not reproduce the text or the text holds no JSON value.
 */
export function answerConfidence(text: string, tokens: TokenLogprob[] | null): ConfidenceMap | null {
  if (!tokens || tokens.length === 0) return null;
  const l = layout(text, tokens);
  if (!l) return null;
  const offset = jsonOffset(text);
  if (offset < 0) return null;
  const spans = valueSpans(text, offset);
  if (!spans) return null;
  const out: ConfidenceMap = {};
  for (const [pointer, span] of spans) {
    const p = lowest(span, tokens, l);
    if (p !== null) out[pointer] = round(p);
  }
  return out;
}
