// The Python side of the project: one venv under .tools/ with pinned tools, the generation of the
// low-level Python client (clients/python/docextract/generated) with openapi-python-client, and the
// three client generators' warnings, for `npm run generate:python` and the tests in test/clients/.
import { spawn, type SpawnOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';
import { codegenView } from './codegen-view.js';
import { documentOperations, missingFromPythonClient } from './generated-operations.js';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const PYTHON_CLIENT_DIR = path.join(ROOT, 'clients', 'python');
export const GENERATED_DIR = path.join(PYTHON_CLIENT_DIR, 'docextract', 'generated');
export const VENV_DIR = path.join(ROOT, '.tools', 'python-client-venv');

/** Pinned Python tools: the generator (current release), the formatter its hooks call, the test runner. */
export const GENERATOR_PINS = ['openapi-python-client==0.29.1', 'ruff==0.17.6'];
export const TEST_PINS = ['pytest==9.2.0'];

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end without blocking the event loop (the tests' API and worker run in the
 * same process, and the commands call them). Throws on a non-zero exit unless allowFailure.
 */
export function run(cmd: string, args: string[], opts: SpawnOptions & { allowFailure?: boolean } = {}): Promise<RunResult> {
  const { allowFailure, ...spawnOpts } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...spawnOpts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err) => reject(new Error(`${cmd} ${args.join(' ')}: ${err.message}`)));
    child.on('close', (status) => {
      const result = { status, stdout, stderr };
      if (!allowFailure && status !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited ${status}\n${stdout}\n${stderr}`));
      else resolve(result);
    });
  });
}

export const venvBin = (name: string) => path.join(VENV_DIR, 'bin', name);

/** Environment for commands run from the venv (its bin first, so the generator's hooks find ruff). */
export function venvEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${path.join(VENV_DIR, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`, VIRTUAL_ENV: VENV_DIR, ...extra };
}

/**
 * Creates the venv (python3 -m venv) when missing and installs the pinned packages it lacks.
 * Idempotent and quick once done: installed pins are recorded in the venv.
 */
export async function ensurePythonVenv(pins: string[]): Promise<void> {
  // Test files run in parallel Jest workers, and two of them need this venv: one creates it and
  // installs, the other waits for the lock instead of racing pip in the same folder.
  mkdirSync(path.dirname(VENV_DIR), { recursive: true });
  const release = await lockfile.lock(path.dirname(VENV_DIR), {
    lockfilePath: `${VENV_DIR}.lock`,
    retries: { retries: 600, minTimeout: 500, maxTimeout: 1000 },
  });
  try {
    await installPins(pins);
  } finally {
    await release();
  }
}

async function installPins(pins: string[]): Promise<void> {
  if (!existsSync(venvBin('python'))) {
    await run(process.env.PYTHON ?? 'python3', ['-m', 'venv', VENV_DIR]);
  }
  const marker = path.join(VENV_DIR, 'installed-pins.txt');
  const have = new Set(existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').filter(Boolean) : []);
  const missing = pins.filter((p) => !have.has(p));
  if (missing.length === 0) return;
  // --no-compile (here and in the tests' other pip installs): pip would byte-compile every file it
  // installs, CPU a fresh clone's test run paid; Python compiles what it imports when it does.
  await run(venvBin('python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-compile', ...missing], { env: venvEnv() });
  writeFileSync(marker, [...have, ...missing].join('\n') + '\n');
}

/** Blocks of output separated by blank lines, without colour codes. */
export function outputBlocks(text: string): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
}

export interface Generated {
  /** Everything the generator printed that is not its plain progress line: each is one warning. */
  warnings: string[];
  output: string;
}

export interface GeneratedPython extends Generated {
  /** Operations of the document the generated package has no endpoint for (`METHOD /path`). */
  missing: string[];
}

/**
 * Runs openapi-python-client on `source` (a file path or an http(s) URL, e.g. a running service's
 * /openapi.yaml) into `outDir`, then makes the code Python 3.9-compatible and formats it. The
 * venv must have GENERATOR_PINS. The project's own client is generated from the codegen view of the
 * document (scripts/codegen-view.ts says why); `{ asIs: true }` gives the generator the document
 * itself, as a user of the served /openapi.yaml would.
 */
export async function generatePythonClient(source: string, outDir: string, opts: { asIs?: boolean } = {}): Promise<GeneratedPython> {
  const work = mkdtempSync(path.join(tmpdir(), 'docextract-pygen-'));
  try {
    const pkg = path.join(work, 'generated');
    const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
    const inputPath = path.join(work, opts.asIs ? 'openapi.yaml' : 'openapi.codegen.yaml');
    writeFileSync(inputPath, opts.asIs ? text : codegenView(text));
    const input = ['--path', inputPath];
    const r = await run(venvBin('openapi-python-client'), ['generate', ...input, '--meta', 'none', '--config', path.join(ROOT, 'scripts', 'python-client-config.yaml'), '--output-path', pkg], {
      env: venvEnv(),
      cwd: work,
      allowFailure: true,
    });
    const output = `${r.stdout}\n${r.stderr}`;
    if (r.status !== 0 || !existsSync(pkg)) throw new Error(`openapi-python-client failed (exit ${r.status}):\n${output}`);
    const warnings = outputBlocks(output).filter((b) => !/^Generating \S+$/.test(b));
    const missing = missingFromPythonClient(documentOperations(text), pkg);
    await run(venvBin('python'), [path.join(ROOT, 'scripts', 'python_client_py39.py'), pkg], { env: venvEnv() });
    await run(venvBin('ruff'), ['check', '--isolated', '--no-cache', '--select', 'I,F401', '--fix', '--quiet', pkg], { env: venvEnv() });
    await run(venvBin('ruff'), ['format', '--isolated', '--no-cache', '--line-length', '120', '--quiet', pkg], { env: venvEnv() });
    rmSync(path.join(pkg, '.ruff_cache'), { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(path.dirname(outDir), { recursive: true });
    cpSync(pkg, outDir, { recursive: true });
    return { warnings, output, missing };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Relative path → content of every file under `dir` (caches, which git ignores, excluded). */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /__pycache__|\.ruff_cache/.test(entry.parentPath)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), readFileSync(full, 'utf8'));
  }
  return files;
}

/** Files that differ between two trees (added, removed or changed), sorted. */
export function treeDifferences(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => a.get(n) !== b.get(n)).sort();
}

/** The npm client generators, run from node_modules/.bin; each returns what it printed beyond its progress lines. */
export async function runOpenApiTypescript(source: string, outFile: string): Promise<Generated> {
  const r = await run(path.join(ROOT, 'node_modules', '.bin', 'openapi-typescript'), [source, '-o', outFile], { cwd: ROOT, allowFailure: true });
  const output = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`openapi-typescript failed (exit ${r.status}):\n${output}`);
  // Progress: "✨ openapi-typescript 7.x" and "🚀 <input> → <output> [time]".
  const warnings = outputBlocks(output)
    .flatMap((b) => b.split('\n'))
    .map((l) => l.trim())
    .filter((l) => l && !/^✨ openapi-typescript \S+$/.test(l) && !/^🚀 .* → .*\[[\d.]+m?s\]$/.test(l));
  return { warnings, output };
}

export async function runHeyApi(source: string, outDir: string): Promise<Generated> {
  const r = await run(path.join(ROOT, 'node_modules', '.bin', 'openapi-ts'), ['-i', source, '-o', outDir], { cwd: ROOT, allowFailure: true, env: { ...process.env, NO_COLOR: '1' } });
  const output = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`@hey-api/openapi-ts failed (exit ${r.status}):\n${output}`);
  // Progress: "@hey-api/openapi-ts v0.x", "[Job 1] ~ Generating...", "[Job 1]   [1] <input>", "[Job 1] ✓ <output> · N files · time".
  const warnings = outputBlocks(output)
    .flatMap((b) => b.split('\n'))
    .map((l) => l.trim())
    .filter(
      (l) =>
        l &&
        !/^@hey-api\/openapi-ts v\S+$/.test(l) &&
        !/^\[Job \d+\]\s+~ Generating\.\.\.$/.test(l) &&
        !/^\[Job \d+\]\s+\[\d+\] \S+$/.test(l) &&
        !/^\[Job \d+\]\s+✓ .* · \d+ files · [\d.]+m?s$/.test(l),
    );
  return { warnings, output };
}
