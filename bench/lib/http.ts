// Minimal HTTP client steps of the benchmarks: JSON calls, upload, and polling a job.
export interface Reply {
  status: number;
  body: any;
}

/** `headers`: e.g. `X-Docextract-Workspace` (the workspace an open service or an operator acts in). */
export async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function expectStatus(reply: Promise<Reply>, status: number, what: string): Promise<any> {
  const r = await reply;
  if (r.status !== status) throw new Error(`${what}: expected HTTP ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function uploadBytes(base: string, bytes: Buffer, filename: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${base}/v1/files`, { method: 'POST', body: form });
  const body = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return body.id as string;
}

const TERMINAL = new Set(['completed', 'failed', 'canceled']);

/** GET the job every intervalMs until it is terminal; throws unless it completed. */
export function waitForJob(base: string, path: string, intervalMs: number, timeoutMs = 600_000, headers: Record<string, string> = {}): Promise<any> {
  return waitUntilTerminal(base, path, { intervalMs }, timeoutMs, headers);
}

/**
 * Wait for the job with the API's long-poll (`GET …?wait=60`, answered the moment the job ends):
 * no polling interval added to the measured time and no polling load on the cores.
 */
export function waitForJobLongPoll(base: string, path: string, timeoutMs = 600_000): Promise<any> {
  return waitUntilTerminal(base, path, { longPollS: 60 }, timeoutMs);
}

async function waitUntilTerminal(
  base: string,
  path: string,
  how: { intervalMs?: number; longPollS?: number },
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  const url = how.longPollS ? `${path}?wait=${how.longPollS}` : path;
  for (;;) {
    const r = await call(base, 'GET', url, undefined, headers);
    // A busy database (503 persistence_busy with Retry-After) is asked again, as the clients do.
    if (r.status === 503 && r.body?.code === 'persistence_busy' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}: ${JSON.stringify(r.body)}`);
    if (TERMINAL.has(r.body.status)) {
      if (r.body.status !== 'completed') throw new Error(`${path} ended ${r.body.status}: ${JSON.stringify(r.body.error)}`);
      return r.body;
    }
    if (Date.now() > deadline) throw new Error(`${path} still ${r.body.status} after ${timeoutMs} ms`);
    if (how.intervalMs) await new Promise((resolve) => setTimeout(resolve, how.intervalMs));
  }
}

/**
 * Long-poll where the service offers it, polling where it does not: `GET …?wait=60`, and when the
 * answer is not terminal (a service without the long-poll answers at once) wait intervalMs before
 * asking again. What this project's clients do (they long-poll when the API declares it).
 */
export function waitForJobAsClientsDo(base: string, path: string, intervalMs: number, timeoutMs = 600_000): Promise<any> {
  return waitUntilTerminal(base, path, { longPollS: 60, intervalMs }, timeoutMs);
}

/** Milliseconds between two ISO timestamps of a job. */
export const between = (from: string, to: string) => Date.parse(to) - Date.parse(from);
