// Errors of the service's own rules, below HTTP. Domain services, storage and activities throw a
// ServiceError with a stable snake_case `code`, a `detail` for the response body (a string, or a
// structured value for some codes) and optional hints; they know nothing of HTTP statuses. The
// HTTP edge (src/http/error-status.ts) maps each code to its status and headers, in one table.

export interface ServiceErrorHints {
  /** Seconds after which a retry may succeed (the edge writes Retry-After). */
  retryAfterSeconds?: number;
  /** Methods a resource allows (the edge writes Allow). */
  allow?: string;
}

export class ServiceError extends Error {
  constructor(
    readonly code: string,
    readonly detail: unknown,
    readonly hints: ServiceErrorHints = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
    this.name = 'ServiceError';
  }
}

/** A resource that does not exist: code `not_found`. */
export const notFound = (what: string, ref: string): ServiceError => new ServiceError('not_found', `${what} '${ref}' was not found`);

/** Any other rule, by its code (conflicts, invalid domain input, ...). */
export const serviceError = (code: string, detail: unknown, hints?: ServiceErrorHints): ServiceError => new ServiceError(code, detail, hints);

/** One problem with the shape of a request's input (FastAPI's HTTPValidationError item). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/**
 * Input of the wrong shape (a header, a cursor, a body field): the edge answers 422 with an
 * HTTPValidationError body `{detail: [...]}`. Thrown by the HTTP layer's validation and by the
 * few lower modules that parse a client's raw value themselves.
 */
export class RequestValidationError extends Error {
  /** `code` of the 422 body: `validation_error`, or a more specific one (`json_too_deep`). */
  constructor(
    readonly issues: ValidationIssue[],
    readonly code: string = 'validation_error',
  ) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }
}
