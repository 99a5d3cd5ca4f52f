import { ConfigError } from '../config/index.js';

/** Run a config loader; on a bad variable print the message and exit 2, without a stack trace. */
export function exitOnConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
