// Errors the HTTP layer knows how to answer. Domain services throw these; the error
// middleware turns them (and anything else) into the status and body of design.md's table.

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** An error with an ApiErrorResponse body `{detail, code}`. */
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

/** Request-shape errors: 422 with an HTTPValidationError body `{detail: [...]}`. */
export class RequestValidationError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
  }
}

export const notFound = (what: string, ref: string) => new ApiError(404, 'not_found', `${what} '${ref}' was not found`);
export const conflict = (code: string, detail: string) => new ApiError(409, code, detail);
export const badRequest = (code: string, detail: unknown) => new ApiError(400, code, detail);
