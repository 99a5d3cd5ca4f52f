// String lengths as openapi.yaml states them. JSON Schema's minLength/maxLength count characters
// (Unicode code points); zod's .min()/.max() count UTF-16 code units, so a name of 150 emoji is
// valid to the document and was 422 "too big" here. Every length limit of a request string is
// checked with these.
import { z } from 'zod';

/** The number of code points in `s` (an unpaired surrogate counts as one). */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** A string of `min` to `max` characters. */
export function text(min: number, max: number) {
  return z.string().superRefine((value, ctx) => {
    const n = codePointLength(value);
    if (n < min) {
      ctx.addIssue({ code: 'too_small', minimum: min, origin: 'string', inclusive: true, input: value, message: `Too small: expected string to have >=${min} characters` });
    } else if (n > max) {
      ctx.addIssue({ code: 'too_big', maximum: max, origin: 'string', inclusive: true, input: value, message: `Too big: expected string to have <=${max} characters` });
    }
  });
}

/**
 * A label: 1 to `max` characters as sent, not all whitespace (openapi.yaml: a pattern matching one
 * character outside ECMAScript's `\s`), stored without surrounding whitespace.
 */
export function label(max: number) {
  return text(1, max).trim().min(1, 'must contain a character other than whitespace');
}
