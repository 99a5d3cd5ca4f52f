// The JSON of a chat-completions request as bytes, built without scanning its page images again.
// An 8-page window carries ~9 MB of base64 in data URLs: JSON.stringify and then UTF-8 encoding of
// that string cost ~50 ms of the worker's event loop per request, twice that when any character of
// the prompt is not ASCII (an en dash in "pages 9–16" is enough: V8 then holds the whole JSON in
// two bytes a character). Here the request is stringified with its data URLs left out and every
// non-ASCII character escaped (\uXXXX: the same JSON value), and the data URLs, plain ASCII, are
// copied in as bytes. Measured on an 8-page request: ~5 ms instead of ~35–50.
import { randomBytes } from 'node:crypto';

/** Strings shorter than this are stringified as usual: only page images are worth splicing. */
const MIN_SPLICED_CHARS = 4096;

/** A data URL whose characters JSON leaves as they are (no quote, backslash, control or non-ASCII). */
const SPLICEABLE = /^data:[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** JSON.stringify(body) as UTF-8 bytes (same JSON value; non-ASCII characters written as \u escapes). */
export function encodeJsonBody(body: unknown): Buffer {
  const spliced: string[] = [];
  // A marker no other string of the body can produce by chance: a fresh random nonce.
  const nonce = randomBytes(12).toString('hex');
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length >= MIN_SPLICED_CHARS && SPLICEABLE.test(value)) {
      spliced.push(value);
      return `${nonce}:${spliced.length - 1}`;
    }
    return value;
  });
  if (json === undefined) throw new TypeError('The request body is not JSON-serialisable');
  const ascii = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (spliced.length === 0) return Buffer.from(ascii, 'latin1');
  // Between markers: JSON text; each marker (inside its quotes) stands for one data URL.
  const pieces = ascii.split(new RegExp(`${nonce}:(\\d+)`));
  let length = 0;
  for (let i = 0; i < pieces.length; i++) length += i % 2 === 0 ? pieces[i]!.length : spliced[Number(pieces[i])]!.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const text = i % 2 === 0 ? pieces[i]! : spliced[Number(pieces[i])]!;
    at += out.write(text, at, 'latin1');
  }
  return out;
}
