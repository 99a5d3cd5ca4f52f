// Entry point of `docextract` (bin/docextract.mjs loads it): run the program, and turn any failure
// into `error <code>: <detail>` on stderr (a structured detail one problem a line, ./error-text.ts) and a non-zero exit status.
import { CommanderError } from 'commander';
import { DocextractError } from '../../clients/typescript/index.js';
import { CliConfigError, loadCliConfig } from '../config/cli.js';
import { buildProgram } from './program.js';
import { DefinitionFileError } from './definitions.js';
import { errorLines } from './error-text.js';

/** Exit status of a usage error (bad option, missing argument), as most command lines use. */
const USAGE_EXIT = 2;

export async function main(argv: string[]): Promise<number> {
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // Commander has printed its message; help and --version end with 0.
      return err.exitCode === 0 ? 0 : USAGE_EXIT;
    }
    const { code, detail } =
      err instanceof DocextractError
        ? err
        : err instanceof DefinitionFileError
          ? { code: 'invalid_definition_file', detail: err.message }
          : err instanceof CliConfigError
            ? { code: 'invalid_config', detail: err.message }
          : { code: errnoCode(err), detail: err instanceof Error ? err.message : String(err) };
    io.stderr.write(`${errorLines(code, detail).join('\n')}\n`);
    // An answer of the server (or no answer at all) names the server, so an error from another service is recognisable.
    if (err instanceof DocextractError && (err.status > 0 || err.code === 'network_error')) {
      const url = serverUrl(io.env);
      if (url) io.stderr.write(`  server: ${url}\n`);
    }
    return 1;
  }
}

function serverUrl(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return loadCliConfig(env).url;
  } catch {
    return undefined;
  }
}

/** A file-system error as a code people recognise (ENOENT → file_not_found), anything else cli_error. */
function errnoCode(err: unknown): string {
  const errno = (err as NodeJS.ErrnoException | undefined)?.code;
  if (errno === 'ENOENT') return 'file_not_found';
  if (errno === 'EACCES') return 'permission_denied';
  return 'cli_error';
}
