// Where each leaf value of a JSON answer is written in the model's text: for every leaf (string,
// number, boolean, null) its JSON Pointer and the characters that carry the value itself — a
// string's characters between its quotes, a number's digits, `true`/`false`/`null` — never the
// punctuation, keys or whitespace around it.
import { childPointer } from '../long-documents/pointer.js';

/** [start, end) character offsets in the text. */
export type Span = [number, number];

class Scanner {
  at = 0;
  constructor(
    readonly text: string,
    readonly spans: Map<string, Span>,
  ) {}

  fail(): never {
    throw new SyntaxError(`Unexpected input at ${this.at}`);
  }

  ws(): void {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at]!)) this.at++;
  }

  value(pointer: string): void {
    this.ws();
    const c = this.text[this.at];
    if (c === '{') return this.object(pointer);
    if (c === '[') return this.array(pointer);
    if (c === '"') {
      const [start, end] = this.string();
      // An empty string has no characters of its own: its closing quote is the token that decided it.
      this.spans.set(pointer, end > start ? [start, end] : [end, end + 1]);
      return;
    }
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)/.exec(this.text.slice(this.at, this.at + 400));
    if (!m) this.fail();
    this.spans.set(pointer, [this.at, this.at + m[0].length]);
    this.at += m[0].length;
  }

  /** Reads a string at the opening quote; returns the span of its contents (between the quotes). */
  string(): Span {
    const start = ++this.at;
    while (this.at < this.text.length) {
      const c = this.text[this.at]!;
      if (c === '\\') this.at += 2;
      else if (c === '"') return [start, this.at++];
      else this.at++;
    }
    this.fail();
  }

  object(pointer: string): void {
    this.at++;
    this.ws();
    if (this.text[this.at] === '}') return void this.at++;
    for (;;) {
      this.ws();
      if (this.text[this.at] !== '"') this.fail();
      const [s, e] = this.string();
      const key = JSON.parse(`"${this.text.slice(s, e)}"`) as string;
      this.ws();
      if (this.text[this.at++] !== ':') this.fail();
      // A repeated key: the last one wins, as in JSON.parse.
      const child = childPointer(pointer, key);
      for (const p of [...this.spans.keys()]) if (p === child || p.startsWith(`${child}/`)) this.spans.delete(p);
      this.value(child);
      this.ws();
      const c = this.text[this.at++];
      if (c === '}') return;
      if (c !== ',') this.fail();
    }
  }

  array(pointer: string): void {
    this.at++;
    this.ws();
    if (this.text[this.at] === ']') return void this.at++;
    for (let i = 0; ; i++) {
      this.value(childPointer(pointer, i));
      this.ws();
      const c = this.text[this.at++];
      if (c === ']') return;
      if (c !== ',') this.fail();
    }
  }
}

/**
 * The span of every leaf of the JSON document that starts at `offset` of `text`, keyed by JSON
 * Pointer; null when the text there is not one JSON value.
 */
export function valueSpans(text: string, offset = 0): Map<string, Span> | null {
  const spans = new Map<string, Span>();
  const scanner = new Scanner(text, spans);
  scanner.at = offset;
  try {
    scanner.value('');
  } catch {
    return null;
  }
  return spans;
}
