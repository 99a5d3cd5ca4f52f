import type { Logger } from 'pino';
import { OutputError } from '../src/providers/errors.js';
import { jobFailure } from './failures.js';

/**
 * Asks the model again while its output is unusable, up to `attempts` times in all
 * (SERVICE_OUTPUT_ATTEMPTS): a retryable OutputError (an answer that is not JSON or does not satisfy
 * the schema) is worth another try; the last one, or one a new try cannot fix, fails the job with
 * its code and message (worded by `describe`). Any other error ends the loop as it is.
 */
export async function askUntilUsable<T>(attempts: number, log: Logger, ask: () => Promise<T>, describe: (message: string) => string = (m) => m): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ask();
    } catch (err) {
      if (err instanceof OutputError && err.retryable && attempt < attempts) {
        log.warn({ code: err.code, attempt }, 'model output unusable, asking again');
        continue;
      }
      if (err instanceof OutputError) throw jobFailure(err.code, describe(err.message));
      throw err;
    }
  }
}
