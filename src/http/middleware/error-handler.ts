import type { Context, Middleware } from 'koa';
import type { Logger } from '../../logging.js';
import { ApiError, RequestValidationError } from '../errors.js';
import { ServiceError } from '../../errors.js';
import { statusOfCode } from '../error-status.js';
import { isPersistenceBusy } from '../../storage/busy.js';
import { jobLogFields } from './request-id.js';

/**
 * Maps every thrown error onto design.md's status/body table. Unknown errors become a 500
 * `internal_error` whose body never carries a stack trace or the original message.
 */
export function errorHandler(logger: Logger): Middleware {
  // The request's logger (with its request_id) when the request-id middleware ran first.
  const log = (ctx: Context): Logger => ctx.state.log ?? logger;
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ApiError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (err) {
      if (err instanceof RequestValidationError) {
        ctx.status = 422;
        // Every 4xx carries a code: `validation_error` unless the error names a more specific one.
        ctx.body = { detail: err.issues, code: err.code };
        return;
      }
      if (err instanceof ApiError) {
        ctx.status = err.status;
        ctx.set(err.headers);
        ctx.body = { detail: err.detail, code: err.code };
        return;
      }
      if (err instanceof ServiceError && statusOfCode(err.code) !== undefined) {
        ctx.status = statusOfCode(err.code)!;
        if (err.hints.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(err.hints.retryAfterSeconds));
        if (err.hints.allow !== undefined) ctx.set('Allow', err.hints.allow);
        ctx.body = { detail: err.detail, code: err.code };
        return;
      }
      const bodyError = fromBodyParser(err);
      if (bodyError) {
        ctx.status = bodyError.status;
        ctx.body = bodyError.body;
        return;
      }
      if (isPersistenceBusy(err)) {
        log(ctx).warn({ ...jobLogFields(ctx), err: describe(err) }, 'persistence busy');
        ctx.status = 503;
        ctx.set('Retry-After', '2');
        ctx.body = { detail: 'The database is temporarily busy; retry the request.', code: 'persistence_busy' };
        return;
      }
      log(ctx).error({ ...jobLogFields(ctx), err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { detail: 'Internal server error', code: 'internal_error' };
    }
  };
}

/**
 * koa-body (co-body, raw-body) raises errors with a 4xx status and a `type` such as
 * 'entity.parse.failed' or 'entity.too.large' for malformed or oversized bodies.
 */
function fromBodyParser(err: unknown): { status: number; body: unknown } | undefined {
  const e = err as { status?: number; type?: string; message?: string; expose?: boolean };
  if (!e || typeof e.status !== 'number' || e.status < 400 || e.status >= 500) return undefined;
  if (!e.expose && !(typeof e.type === 'string' && e.type.startsWith('entity.')) && !(err instanceof SyntaxError)) return undefined;
  if (e.status === 413) {
    // raw-body tells the limit it applied (bytes): the detail states it, so a client knows what fits.
    const limit = typeof (err as { limit?: unknown }).limit === 'number' ? (err as { limit: number }).limit : undefined;
    const detail = limit === undefined ? 'Request body is too large' : `Request body is too large: this operation accepts at most ${formatBytes(limit)}`;
    return { status: 413, body: { detail, code: 'payload_too_large' } };
  }
  if (e.status === 415) {
    return { status: 415, body: { detail: e.message ?? 'Unsupported media type', code: 'unsupported_media_type' } };
  }
  if (e.status === 400) {
    // Malformed JSON is a request-shape error (422), as in the HTTPValidationError contract.
    return {
      status: 422,
      body: { detail: [{ loc: ['body'], msg: `JSON decode error: ${e.message ?? 'invalid JSON'}`, type: 'json_invalid' }], code: 'validation_error' },
    };
  }
  return { status: e.status, body: { detail: e.message ?? 'Bad request', code: 'bad_request' } };
}

/** 2097152 → "2 MiB (2097152 bytes)". */
export function formatBytes(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return Number.isInteger(mib) ? `${mib} MiB (${bytes} bytes)` : `${bytes} bytes`;
}

function describe(err: unknown) {
  const e = err as { code?: string; message?: string; name?: string };
  return { name: e?.name, code: e?.code, message: e?.message };
}
