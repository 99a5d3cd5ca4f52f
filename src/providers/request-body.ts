// The JSON of a chat-completions request as bytes, built without scanning its page images again.
// An 8-page window carries ~9 MB of base64 in data URLs: JSON.stringify and then UTF-8 encoding of
// that string cost ~50 ms of the worker's event loop per request, twice that when any character of
// the prompt is not ASCII (an en dash in "pages 9–16" is enough: V8 then holds the whole JSON in
// two bytes a character). Here the request is stringified with its data URLs left out and every
// non-ASCII character escaped (\uXXXX: the same JSON value), and the data URLs, plain ASCII, are
// copied in as bytes. Measured on an 8-page request: ~5 ms instead of ~35–50. An image made from
// bytes (imageInput) has its base64 written straight from the bytes in 64 KiB pieces, so no page's
// ~1 MB base64 string is ever made: Node would keep it outside the V8 heap until a full
// collection (on a worker running 1,000 two-page jobs, main-thread external memory 31–74 MiB with
// this against 65–110 MiB with the strings).
import { randomBytes } from 'node:crypto';

/** Strings shorter than this are stringified as usual: only page images are worth splicing. */
const MIN_SPLICED_CHARS = 4096;

/** A data URL whose characters JSON leaves as they are (no quote, backslash, control or non-ASCII). */
const SPLICEABLE = /^data:[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A `{ url }` object whose URL is `prefix` and the base64 of `bytes` (see dataUrlFromBytes). */
interface FromBytes {
  prefix: string;
  bytes: Buffer;
}

const builtFromBytes = new WeakMap<object, FromBytes>();

/**
 * Marks `holder` (a `{ url }` object) as the data URL `prefix` + base64 of `bytes`: the body is
 * written with the base64 made from the bytes, in pieces, instead of reading `holder.url` (which
 * would make the whole ~1 MB string). Only for prefixes JSON leaves as they are.
 */
export function dataUrlFromBytes<T extends { url: string }>(holder: T, prefix: string, bytes: Buffer): T {
  if (!SPLICEABLE.test(prefix)) throw new Error(`Not a plain data URL prefix: ${prefix}`);
  builtFromBytes.set(holder, { prefix, bytes });
  return holder;
}

/** Input bytes per base64 piece: a multiple of 3 (no padding inside), a 64 KiB string each. */
const BASE64_PIECE = 3 * 16_384;

/** Length of base64 without line breaks for `n` bytes. */
const base64Length = (n: number) => 4 * Math.ceil(n / 3);

/** JSON.stringify(body) as UTF-8 bytes (same JSON value; non-ASCII characters written as \u escapes). */
export function encodeJsonBody(body: unknown): Buffer {
  // What each marker stands for: a string JSON leaves as it is, or a data URL object made from bytes.
  const spliced: Array<string | FromBytes> = [];
  // A marker no other string of the body can produce by chance: a fresh random nonce.
  const nonce = randomBytes(12).toString('hex');
  const json = JSON.stringify(body, function (this: object, key: string, value: unknown) {
    if (value !== null && typeof value === 'object') {
      // Checked before JSON.stringify reads the object's `url`, so the string is never made.
      const fromBytes = builtFromBytes.get(value);
      if (!fromBytes) return value;
      spliced.push(fromBytes);
      return `${nonce}:${spliced.length - 1}`;
    }
    if (typeof value !== 'string' || value.length < MIN_SPLICED_CHARS || !SPLICEABLE.test(value)) return value;
    spliced.push(value);
    return `${nonce}:${spliced.length - 1}`;
  });
  if (json === undefined) throw new TypeError('The request body is not JSON-serialisable');
  const ascii = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (spliced.length === 0) return Buffer.from(ascii, 'latin1');
  // Between markers: JSON text; each marker, with its quotes, stands for one spliced value.
  // Spliced strings are written between their quotes as pieces of their own (never concatenated: a
  // ~1 MB cons string would be flattened, that is copied, first).
  const parts = ascii.split(new RegExp(`"${nonce}:(\\d+)"`)).flatMap((text, i): Array<string | FromBytes> => {
    if (i % 2 === 0) return [text];
    const value = spliced[Number(text)]!;
    return typeof value === 'string' ? ['"', value, '"'] : [value];
  });
  let length = 0;
  for (const part of parts) {
    length += typeof part === 'string' ? part.length : OBJECT_HEAD.length + part.prefix.length + base64Length(part.bytes.length) + OBJECT_TAIL.length;
  }
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at = typeof part === 'string' ? at + out.write(part, at, 'latin1') : writeDataUrlObject(out, at, part);
  if (at !== length) throw new Error(`Request body length ${at} is not the ${length} bytes computed`);
  return out;
}

const OBJECT_HEAD = '{"url":"';
const OBJECT_TAIL = '"}';

/** Writes `{"url":"<prefix><base64 of bytes>"}` at `at`, the base64 in pieces; returns the end. */
function writeDataUrlObject(out: Buffer, at: number, { prefix, bytes }: FromBytes): number {
  at += out.write(OBJECT_HEAD + prefix, at, 'latin1');
  for (let i = 0; i < bytes.length; i += BASE64_PIECE) {
    at += out.write(bytes.toString('base64', i, Math.min(i + BASE64_PIECE, bytes.length)), at, 'latin1');
  }
  return at + out.write(OBJECT_TAIL, at, 'latin1');
}
