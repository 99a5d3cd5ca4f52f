import { ApplicationFailure } from '@temporalio/activity';
import { isDocumentError } from '../src/documents/index.js';
import { isModelCallError } from '../src/providers/errors.js';
import { SecretUnreadableError } from '../src/storage/secrets.js';

/**
 * Longest failure message an activity sends to Temporal, in characters (≤ 16 KiB in UTF-8). A
 * message may quote what a provider or the model said; history, where failures are recorded, and
 * the job's `error` it becomes, take a bounded preview of it.
 */
export const FAILURE_MESSAGE_MAX_CHARS = 4_000;

export function boundedMessage(message: string): string {
  if (message.length <= FAILURE_MESSAGE_MAX_CHARS) return message;
  return `${Array.from(message.slice(0, FAILURE_MESSAGE_MAX_CHARS)).slice(0, -1).join('')}… (${message.length} characters)`;
}

/**
 * Translate our typed errors into Temporal failures: the failure `type` is the job's stable error
 * code, and only errors a retry can fix stay retryable. Anything unknown is rethrown as is
 * (retryable), because it is most likely a passing infrastructure fault.
 */
export function toActivityFailure(err: unknown): unknown {
  if (err instanceof Error && err.message.length > FAILURE_MESSAGE_MAX_CHARS) err.message = boundedMessage(err.message);
  if (err instanceof ApplicationFailure) return err;
  if (isModelCallError(err)) {
    const retryAfter = (err as { retryAfterMs?: number }).retryAfterMs;
    return ApplicationFailure.create({
      message: err.message,
      type: err.code,
      nonRetryable: !err.retryable,
      ...(err.retryable && retryAfter ? { nextRetryDelay: Math.min(retryAfter, 60_000) } : {}),
    });
  }
  if (isDocumentError(err)) return ApplicationFailure.nonRetryable(err.message, err.code);
  if (err instanceof SecretUnreadableError) return ApplicationFailure.nonRetryable(err.message, err.code);
  return err;
}

export function jobFailure(code: string, message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(boundedMessage(message), code);
}

/** Run an activity body, translating its errors. */
export async function translatingErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toActivityFailure(err);
  }
}
