// Settings of the `docextract` command line (src/cli/), read from its environment once, like the
// service's own configuration in ./index.ts.
import { z } from 'zod';

/** `npm start` listens on 127.0.0.1:8000 (HOST, PORT); an IPv4 literal, as `localhost` may resolve to ::1. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8000';

const schema = z.object({
  DOCEXTRACT_URL: z.string().url().default(DEFAULT_SERVICE_URL),
  DOCEXTRACT_TOKEN: z.string().min(1).optional(),
});

export interface CliConfig {
  /** Base URL of the service. */
  url: string;
  /** Bearer token, when the service has SERVICE_API_TOKENS set. */
  token: string | undefined;
}

export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  const parsed = schema.safeParse({ DOCEXTRACT_URL: env.DOCEXTRACT_URL || undefined, DOCEXTRACT_TOKEN: env.DOCEXTRACT_TOKEN || undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliConfigError(`${issue.path.join('.')}: ${issue.message}`);
  }
  return { url: parsed.data.DOCEXTRACT_URL, token: parsed.data.DOCEXTRACT_TOKEN };
}

export class CliConfigError extends Error {}
