// Shared steps of the job API tests: upload, poll, and point a provider at the scripted server.

export interface Json {
  status: number;
  body: any;
  headers: Headers;
}

export async function call(base: string, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function upload(base: string, bytes: Buffer, filename: string, type: string): Promise<Json> {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${base}/v1/files`, { method: 'POST', body: form });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Poll a job until `done(job)` or the deadline; returns every state seen, last one last. */
export async function pollJob(
  base: string,
  path: string,
  done: (job: any) => boolean = (job) => ['completed', 'failed', 'canceled'].includes(job.status),
  timeoutMs = 30_000,
): Promise<any[]> {
  const seen: any[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(base, 'GET', path);
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    seen.push(r.body);
    if (done(r.body)) return seen;
    if (Date.now() > deadline) throw new Error(`${path} still ${r.body.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Wait until `check()` returns a value other than undefined. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** The image parts of a recorded chat request, in order. */
export function imageUrls(body: any): string[] {
  const urls: string[] = [];
  for (const m of body.messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const part of m.content) if (part.type === 'image_url') urls.push(part.image_url.url);
  }
  return urls;
}

/** The last user message's image parts (the document, not few-shot examples). */
export function documentImages(body: any): string[] {
  const users = (body.messages ?? []).filter((m: any) => m.role === 'user');
  return imageUrls({ messages: users.slice(-1) });
}
