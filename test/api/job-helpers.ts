// Shared steps of the job API tests: upload, poll, and point a provider at the scripted server.
// Every response goes through the openapi.yaml validator.
import { renderPage } from '../../src/documents/index.js';
import { apiCall } from '../harness/openapi-validator.js';
import type { RecordedRequest } from '../harness/scripted-provider.js';
import { startScriptedProvider, type ScriptedProvider } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack, type TestStackOptions } from '../harness/stack.js';

export interface Json {
  status: number;
  body: any;
  headers: Headers;
}

/** A JSON request whose response is checked against openapi.yaml (an undocumented status or field throws). */
export async function call(base: string, method: string, path: string, body?: unknown): Promise<Json> {
  const r = await apiCall(base, method, path, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { 'content-type': 'application/json' });
  return { status: r.status, body: r.body, headers: r.headers };
}

/** POST /v1/files as multipart, the response checked against openapi.yaml. */
export async function upload(base: string, bytes: Buffer, filename: string, type: string): Promise<Json> {
  const form = new FormData();
  form.append('upload', new Blob([new Uint8Array(bytes)], { type }), filename);
  const r = await apiCall(base, 'POST', '/v1/files', form);
  return { status: r.status, body: r.body, headers: r.headers };
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

/**
 * Which page of `pdf` (one-based, 0 for none) a recorded page request shows, found by comparing its
 * image with our own render of each page at the stack's render settings.
 */
export async function pageOfRequest(pdf: Buffer, pages: number, stack: TestStack): Promise<(req: RecordedRequest) => number> {
  const limits = { dpi: stack.config.renderDpi, maxPixels: stack.config.renderMaxPixels };
  const byImage = new Map<string, number>();
  for (let i = 0; i < pages; i++) byImage.set(`data:image/png;base64,${(await renderPage(pdf, i, limits)).data.toString('base64')}`, i + 1);
  return (req) => byImage.get(documentImages(req.body)[0] ?? '') ?? 0;
}

/**
 * Point the compatible_api provider at `baseUrl`. PUT, not PATCH: it replaces the whole connection
 * state, so a key or key variable left by another test file on the run's shared database is cleared.
 */
export async function pointCompatibleProviderAt(base: string, baseUrl: string): Promise<void> {
  const r = await call(base, 'PUT', '/v1/providers/compatible_api', { base_url: baseUrl });
  if (r.status !== 200) throw new Error(`PUT /v1/providers/compatible_api answered ${r.status}: ${JSON.stringify(r.body)}`);
}

/** A test stack whose compatible_api provider is a fresh scripted model server. */
export async function startStackWithProvider(opts: TestStackOptions = {}): Promise<{ stack: TestStack; provider: ScriptedProvider }> {
  const provider = await startScriptedProvider();
  try {
    const stack = await startTestStack(opts);
    await pointCompatibleProviderAt(stack.url, provider.baseUrl);
    return { stack, provider };
  } catch (err) {
    await provider.close();
    throw err;
  }
}
