import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs on stdout. Secrets are redacted by path as a second line of defence. */
export function createLogger(level: string, name: string): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['api_key', '*.api_key', 'req.headers.authorization', 'headers.authorization', 'apiKey', '*.apiKey'],
      censor: '[redacted]',
    },
  });
}
