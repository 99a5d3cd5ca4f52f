// `npm start` (src/bin/dev.ts) as a child process for the fault tests that kill and restart it:
// its own process group (detached, like a terminal's job), so a test can signal the whole group,
// and ready once it logs "api listening" with its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/runtime/ports.js';
import { readHarnessInfo } from './harness-info.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface DevProcess {
  child: ChildProcess;
  /** The API's URL, from its "api listening" log line. */
  url: string;
  /** Every log line so far (stdout and stderr). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The service's own settings: a test's `npm start` takes none of them from the test run's environment. */
const CONFIG_VARIABLE = /^(DATABASE_|TEMPORAL_|SERVICE_|HOST$|PORT$|LOG_LEVEL$)/;

/**
 * The environment of an `npm start` started by a test: this process's variables but the service's
 * settings (and those `alsoDrop` matches), free ports, `dataDir`, info logs and the harness's
 * workflow bundle (built once, instead of at every start), then `settings` over them.
 */
export async function devProcessEnv(
  dataDir: string,
  settings: Record<string, string> = {},
  alsoDrop?: RegExp,
): Promise<Record<string, string>> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !CONFIG_VARIABLE.test(e[0]) && !alsoDrop?.test(e[0])),
  );
  return {
    ...inherited,
    NODE_OPTIONS: '',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    TEMPORAL_UI_PORT: String(await freePort()),
    SERVICE_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WORKFLOW_BUNDLE_PATH: readHarnessInfo().workflowBundlePath,
    ...(process.env.TEMPORAL_CLI_PATH ? { TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH } : {}),
    ...settings,
  };
}

/** The start-up failure of a port that another process took after it was chosen (PORT, TEMPORAL_UI_PORT, …). */
const PORT_TAKEN = /Start-up failed: ([A-Z_]+): \S+ is already in use/;

/**
 * Starts `npm start` with `env` and resolves once its API listens; rejects if it exits first. A
 * port chosen free by the test but taken by another process before npm start bound it (test files
 * run in parallel) is chosen again, in `env` too, so later restarts use the new one.
 */
export async function startDevProcess(env: NodeJS.ProcessEnv, readyTimeoutMs: number, attempts = 3, how: StartCommand = 'node'): Promise<DevProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, readyTimeoutMs, how);
    } catch (err) {
      const message = (err as Error).message;
      const taken = PORT_TAKEN.exec(message);
      // Two npm starts at once (test files in parallel) can both find the embedded Postgres's
      // default port free; the one that lost the race chooses another port at its next start.
      const postgresRace = /Postgres exited during start-up[\s\S]*Address already in use/.test(message);
      if ((!taken && !postgresRace) || attempt >= attempts) throw err;
      if (taken) env[taken[1]!] = String(await freePort());
    }
  }
}

/**
 * `node`: src/bin/dev.ts run directly; `npm`: `npm start` itself, as a user types it (npm, its
 * shell and the script's node in one process group, each of which a terminal's Ctrl-C reaches).
 */
export type StartCommand = 'node' | 'npm';

async function startOnce(env: NodeJS.ProcessEnv, readyTimeoutMs: number, how: StartCommand): Promise<DevProcess> {
  const [command, args]: [string, string[]] = how === 'npm' ? ['npm', ['start']] : [process.execPath, [path.join('scripts', 'start-service.mjs'), path.join('src', 'bin', 'dev.ts')]];
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready in time:\n${lines.slice(-40).join('\n')}`)), readyTimeoutMs);
    let rest = '';
    const collect = (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop()!;
      for (const line of parts.filter(Boolean)) {
        lines.push(line);
        if (line.includes('"msg":"api listening"')) {
          clearTimeout(timer);
          resolve(JSON.parse(line).url);
        }
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((e) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${JSON.stringify(e)}):\n${lines.slice(-40).join('\n')}`));
    });
  });
  return { child, url, lines, exited };
}

/** The JSON log lines of an `npm start` so far, parsed (other lines skipped). */
export function logEntries(dev: DevProcess): Array<Record<string, any>> {
  return dev.lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, any>];
    } catch {
      return [];
    }
  });
}
