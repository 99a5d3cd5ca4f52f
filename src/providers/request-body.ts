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

/**
 * `{ url }` objects whose data URL is base64 of a known media type made from bytes (see `imageInput`
 * in content.ts), with the URL's pieces (prefix, base64). Such a URL is JSON-safe by construction,
 * so it is spliced without the SPLICEABLE scan, and from its pieces: the URL itself is a V8 cons
 * string that would have to be flattened (copied) first. Both cost ~1.5 ms of the event loop for a
 * page's 1.1 MB URL (measured with --cpu-prof).
 */
const builtFromBytes = new WeakMap<object, readonly string[]>();

/** Marks `holder`, whose `url` is `pieces` joined, as such a data URL; only for base64 made here. */
export function spliceUnscanned<T extends { url: string }>(holder: T, pieces: readonly string[]): T {
  builtFromBytes.set(holder, pieces);
  return holder;
}

/** JSON.stringify(body) as UTF-8 bytes (same JSON value; non-ASCII characters written as \u escapes). */
export function encodeJsonBody(body: unknown): Buffer {
  // Each spliced data URL as the pieces it is written from.
  const spliced: (readonly string[])[] = [];
  // A marker no other string of the body can produce by chance: a fresh random nonce.
  const nonce = randomBytes(12).toString('hex');
  const json = JSON.stringify(body, function (this: object, key: string, value: unknown) {
    if (typeof value !== 'string' || value.length < MIN_SPLICED_CHARS) return value;
    const pieces = key === 'url' ? builtFromBytes.get(this) : undefined;
    if (pieces) spliced.push(pieces);
    else if (SPLICEABLE.test(value)) spliced.push([value]);
    else return value;
    return `${nonce}:${spliced.length - 1}`;
  });
  if (json === undefined) throw new TypeError('The request body is not JSON-serialisable');
  const ascii = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (spliced.length === 0) return Buffer.from(ascii, 'latin1');
  // Between markers: JSON text; each marker (inside its quotes) stands for one data URL.
  const texts = ascii.split(new RegExp(`${nonce}:(\\d+)`)).flatMap((text, i) => (i % 2 === 0 ? [text] : spliced[Number(text)]!));
  let length = 0;
  for (const text of texts) length += text.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const text of texts) at += out.write(text, at, 'latin1');
  return out;
}
