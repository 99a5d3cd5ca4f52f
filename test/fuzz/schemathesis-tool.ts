// Schemathesis (PyPI), installed by the project into .tools/ the way the Temporal CLI is: a venv
// created on first use, with a pinned version, so the fuzzer runs from a fresh clone.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const SCHEMATHESIS_VERSION = '4.32.5';
export const SCHEMATHESIS_VENV = path.join(REPO_ROOT, '.tools', 'schemathesis-venv');
export const ST = path.join(SCHEMATHESIS_VENV, 'bin', 'st');

/** The `st` binary of the pinned version, installing it into .tools/schemathesis-venv when missing. */
export async function ensureSchemathesis(log: (line: string) => void = (l) => console.error(l)): Promise<string> {
  const installed = existsSync(ST) ? await version().catch(() => undefined) : undefined;
  if (installed === SCHEMATHESIS_VERSION) return ST;
  log(`[fuzz] installing schemathesis==${SCHEMATHESIS_VERSION} into ${SCHEMATHESIS_VENV} (found: ${installed ?? 'none'})`);
  const python = process.env.PYTHON || 'python3';
  if (!existsSync(path.join(SCHEMATHESIS_VENV, 'bin', 'pip'))) await run(python, ['-m', 'venv', SCHEMATHESIS_VENV]);
  await run(path.join(SCHEMATHESIS_VENV, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '--no-compile', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const now = await version();
  if (now !== SCHEMATHESIS_VERSION) throw new Error(`schemathesis ${SCHEMATHESIS_VERSION} expected in ${SCHEMATHESIS_VENV}, found ${now}`);
  return ST;
}

async function version(): Promise<string | undefined> {
  const { stdout } = await run(ST, ['--version']);
  return /(\d+\.\d+\.\d+)/.exec(stdout)?.[1];
}
