// Errors of the HTTP protocol itself, raised only inside src/http: no route (404), no or a bad
// token (401/403), a method the path does not allow (405), an upload that is not multipart (415)
// or too large (413). Their status is a fact of the request, so they carry it. Everything below
// HTTP throws ServiceError (src/errors.ts) with a code; error-status.ts maps those codes.
export { RequestValidationError, type ValidationIssue } from '../errors.js';

/** An HTTP-level error with an ApiErrorResponse body `{detail, code}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
  }
}
