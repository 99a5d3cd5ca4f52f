import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout. Secrets are redacted by path as a second line of defence. Lines are written
 * asynchronously (pino's sonic-boom, flushed on exit): a synchronous write per line cost the API
 * about a tenth of its CPU under load. A SIGKILL may lose the lines of its last milliseconds.
 */
export function createLogger(level: string, name: string): Logger {
  const options = {
    name,
    level,
    // An Error's message and stack are not enumerable: logged under any key but `err` (pino's
    // default), it was written as `{}`. Both keys print type, message, stack and cause.
    serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
    redact: {
      paths: ['api_key', '*.api_key', 'req.headers.authorization', 'headers.authorization', 'apiKey', '*.apiKey'],
      censor: '[redacted]',
    },
  };
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
