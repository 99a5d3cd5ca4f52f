// One error type for everything the client reports: an API error body ({detail, code}), a request
// the server rejected by shape (422, no code: "validation_error"), a network failure, a job that
// ended failed or canceled, or a deadline passed while waiting.

/** Codes the client itself assigns when the server did not send one. */
export type ClientErrorCode = 'validation_error' | 'network_error' | 'deadline_exceeded' | 'aborted' | 'http_error' | 'direct_upload_failed';

export class DocextractError extends Error {
  override readonly name = 'DocextractError';
  /** The API's stable `code` (see ErrorCode / JobErrorCode in openapi.yaml), or a ClientErrorCode. */
  readonly code: string;
  /** HTTP status of the answer; 0 when there was none (network, deadline, a job's own failure). */
  readonly status: number;
  /** The API's `detail` (a string, a list of problems or an object), or the client's own message. */
  readonly detail: unknown;

  constructor(code: string, status: number, detail: unknown, options?: { cause?: unknown }) {
    super(`${code}: ${describeDetail(detail)}`, options);
    this.code = code;
    this.status = status;
    this.detail = detail;
  }
}

/** `detail` as one line for people: a string as is, anything else as JSON. */
export function describeDetail(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    // HTTPValidationError items: {loc, msg, type}.
    return detail
      .map((d) => (d && typeof d === 'object' && 'msg' in d ? `${(d as { loc?: unknown[] }).loc?.join('.') ?? ''}: ${(d as { msg: string }).msg}` : JSON.stringify(d)))
      .join('; ');
  }
  return JSON.stringify(detail);
}

/** The error an HTTP answer carries: its body's `code` and `detail` when it is an API error body. */
export function errorFromResponse(response: Response, body: unknown): DocextractError {
  const b = body && typeof body === 'object' ? (body as { code?: unknown; detail?: unknown }) : undefined;
  const code = typeof b?.code === 'string' ? b.code : response.status === 422 ? 'validation_error' : 'http_error';
  const detail = b?.detail ?? (typeof body === 'string' && body ? body : `${response.status} ${response.statusText}`);
  return new DocextractError(code, response.status, detail);
}
