// `npm start` (src/bin/dev.ts) as a child process for the fault tests that kill and restart it:
// its own process group (detached, like a terminal's job), so a test can signal the whole group,
// and ready once it logs "api listening" with its URL.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface DevProcess {
  child: ChildProcess;
  /** The API's URL, from its "api listening" log line. */
  url: string;
  /** Every log line so far (stdout and stderr). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `npm start` with `env` and resolves once its API listens; rejects if it exits first. */
export async function startDevProcess(env: NodeJS.ProcessEnv, readyTimeoutMs: number): Promise<DevProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'bin', 'dev.ts')], {
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
