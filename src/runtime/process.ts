import type { ChildProcess } from 'node:child_process';

/** Poll until check() is true or the time is up; resolves to whether it became true. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Ask a child to stop with `signal`; SIGKILL it (and its process group when it leads one) when it
 * has not exited after timeoutMs. Resolves once it has exited.
 */
export async function stopChild(
  child: ChildProcess,
  opts: { signal?: NodeJS.Signals; timeoutMs?: number } = {},
): Promise<void> {
  if (hasExited(child) || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(opts.signal ?? 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), opts.timeoutMs ?? 10_000);
  });
  const late = await Promise.race([exited.then(() => false), timedOut]);
  clearTimeout(timer);
  if (!late) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await exited;
}

/**
 * Pass every output line of a child to `onLog` and keep its last `keep` lines, which go into the
 * error message when the child fails to start.
 */
export function collectOutput(child: ChildProcess, onLog: (line: string) => void, keep = 20): string[] {
  const recent: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > keep) recent.shift();
      onLog(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return recent;
}
