// Typed failures for untrusted document bytes. Activities turn them into non-retryable job
// failures with this `code`; no retry can fix a bad document.

export type DocumentErrorCode =
  | 'document_encrypted'
  | 'document_corrupt'
  | 'document_empty'
  | 'document_too_many_pages'
  | 'document_page_too_large'
  | 'document_too_large';

export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isDocumentError(err: unknown): err is DocumentError {
  return err instanceof DocumentError;
}
