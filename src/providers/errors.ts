// Typed failures of model calls. Activities turn them into Temporal failures:
// `retryable` decides whether the retry policy applies, `code` ends up in the job's error.

export type ProviderErrorCode =
  | 'provider_rejected' // 400/404/422 and other 4xx: the request itself is wrong
  | 'provider_auth_failed' // 401/403
  | 'provider_rate_limited' // 429
  | 'provider_unavailable' // 5xx, connection failures, streams cut short
  | 'provider_timeout' // no answer within SERVICE_PROVIDER_TIMEOUT_MS, or a stream silent for SERVICE_PROVIDER_IDLE_TIMEOUT_MS
  | 'provider_protocol_error' // the server answered something that is not the protocol
  | 'provider_key_missing' // a provider that needs a key has none
  | 'provider_not_configured'; // required connection settings are missing

export type OutputErrorCode = 'output_truncated' | 'output_invalid_json' | 'output_schema_mismatch' | 'output_empty';

export class ModelCallError extends Error {
  constructor(
    readonly code: ProviderErrorCode | OutputErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The provider could not be reached, refused the request, or is misconfigured. */
export class ProviderError extends ModelCallError {
  readonly status?: number;
  /** Delay the provider asked for (Retry-After), when it said so. */
  readonly retryAfterMs?: number;

  constructor(
    code: ProviderErrorCode,
    message: string,
    opts: { retryable?: boolean; status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(code, message, opts.retryable ?? DEFAULT_RETRYABLE[code]);
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
    if (opts.cause !== undefined) (this as { cause?: unknown }).cause = opts.cause;
  }
}

/** The model answered, but the answer is unusable. */
export class OutputError extends ModelCallError {
  constructor(
    code: OutputErrorCode,
    message: string,
    opts: { retryable?: boolean; details?: string[] } = {},
  ) {
    super(code, message, opts.retryable ?? code !== 'output_truncated');
    this.details = opts.details ?? [];
  }
  readonly details: string[];
}

const DEFAULT_RETRYABLE: Record<ProviderErrorCode, boolean> = {
  provider_rejected: false,
  provider_auth_failed: false,
  provider_rate_limited: true,
  provider_unavailable: true,
  provider_timeout: true,
  provider_protocol_error: true,
  provider_key_missing: false,
  provider_not_configured: false,
};

/** Map an HTTP status from a provider to our code. */
export function codeForStatus(status: number): ProviderErrorCode {
  if (status === 401 || status === 403) return 'provider_auth_failed';
  if (status === 429) return 'provider_rate_limited';
  if (status >= 500) return 'provider_unavailable';
  // 408 (request timeout) and 409 (conflict, e.g. a busy deployment) can succeed later.
  if (status === 408 || status === 409) return 'provider_unavailable';
  return 'provider_rejected';
}

/** Parse a Retry-After header (seconds or HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function isModelCallError(err: unknown): err is ModelCallError {
  return err instanceof ModelCallError;
}
