import type { Middleware } from 'koa';
import { MAX_JSON_DEPTH, tooDeepAt } from '../../json-depth.js';
import { RequestValidationError } from '../errors.js';

/**
 * Runs right after JSON body parsing, before any other middleware or route walks the body: a body
 * nested deeper than MAX_JSON_DEPTH is refused (422 `json_too_deep`), so no deeper value is ever
 * stored — not as an extractor's example, an evaluation item's expected output, a review value or
 * anything an endpoint added later accepts.
 */
export function jsonDepthLimit(max: number = MAX_JSON_DEPTH): Middleware {
  return async (ctx, next) => {
    const body = (ctx.request as { body?: unknown }).body;
    const at = body === undefined ? undefined : tooDeepAt(body, max);
    if (at !== undefined) {
      throw new RequestValidationError(
        [{ loc: ['body', ...at], msg: `JSON may nest at most ${max} levels of objects and arrays`, type: 'json_too_deep', ctx: { max_depth: max } }],
        'json_too_deep',
      );
    }
    await next();
  };
}
