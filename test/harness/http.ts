// Tiny fetch wrappers for API tests: JSON in, JSON (or text) out, never throwing on HTTP status.

export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, otherwise the text (undefined when empty). */
  body: T;
  text: string;
}

export async function request<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResult<T>> {
  const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(new URL(path, baseUrl), init);
  const text = await res.text();
  const isJson = /[/+]json\b/.test(res.headers.get('content-type') ?? '');
  let parsed: unknown = text || undefined;
  if (isJson && text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const getJson = <T = any>(base: string, path: string, headers?: Record<string, string>) =>
  request<T>(base, 'GET', path, undefined, headers);
export const postJson = <T = any>(base: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  request<T>(base, 'POST', path, body, headers);
export const putJson = <T = any>(base: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  request<T>(base, 'PUT', path, body, headers);
export const patchJson = <T = any>(base: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  request<T>(base, 'PATCH', path, body, headers);
export const deleteJson = <T = any>(base: string, path: string, headers?: Record<string, string>) =>
  request<T>(base, 'DELETE', path, undefined, headers);
