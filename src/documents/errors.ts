// Typed failures for untrusted document bytes. Activities turn them into non-retryable job
// failures with this `code`; no retry can fix a bad document.

export type DocumentErrorCode =
  | 'document_encrypted'
  | 'document_corrupt'
  | 'document_empty'
  | 'document_too_many_pages'
  | 'document_page_too_large'
  | 'document_too_large';

/** Codes of an upload's conversion (it happens at upload, answered with 400: no job fails with them). */
type ConversionCode =
  | 'document_too_large'
  | 'conversion_timeout'
  | 'converter_unavailable';

export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly code: DocumentErrorCode | ConversionCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isDocumentError(err: unknown): err is DocumentError {
  return err instanceof DocumentError;
}
