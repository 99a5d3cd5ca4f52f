// The one mapping from a document's own fault (DocumentError, src/documents/errors.ts) to the
// domain's error: met while serving a request (an upload, a page, its text), it is answered with
// the same code a job fails with, as a 400 (src/http/error-status.ts): the document, not the
// request, is at fault.
import { isDocumentError } from '../documents/index.js';
import { serviceError } from '../errors.js';

/** What to throw for `err`: a DocumentError as the ServiceError with its code and message; anything else as it is. */
export function asServiceError(err: unknown): unknown {
  return isDocumentError(err) ? serviceError(err.code, err.message) : err;
}
