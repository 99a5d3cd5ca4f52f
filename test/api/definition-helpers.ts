// Small helpers of the definition API tests (providers, extractors, parsers). Every response goes
// through the openapi.yaml validator.
import { expect } from '@jest/globals';
import { apiCall } from '../harness/openapi-validator.js';

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

/** A JSON request whose response is checked against openapi.yaml (an undocumented status or field throws). */
export async function call(base: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const r = await apiCall(base, method, path, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { 'content-type': 'application/json' });
  return { status: r.status, body: r.body, headers: r.headers };
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export function expectIsoUtc(value: unknown): void {
  expect(typeof value).toBe('string');
  expect(value).toMatch(ISO_UTC);
  expect(Number.isNaN(Date.parse(value as string))).toBe(false);
}

/** An ApiErrorResponse with this status and code. */
export function expectApiError(reply: Reply, status: number, code: string): void {
  expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
  expect(reply.body.detail).toBeDefined();
}

/** An HTTPValidationError (422) with an issue whose loc starts with `loc`. */
export function expectValidationError(reply: Reply, loc: (string | number)[]): void {
  expect(reply.status).toBe(422);
  expect(Array.isArray(reply.body.detail)).toBe(true);
  for (const issue of reply.body.detail) {
    expect(Array.isArray(issue.loc)).toBe(true);
    expect(typeof issue.msg).toBe('string');
    expect(typeof issue.type).toBe('string');
  }
  const locs = reply.body.detail.map((i: any) => i.loc.slice(0, loc.length));
  expect(locs).toContainEqual(loc);
}

/** Walk every page of a list endpoint through its X-Next-Cursor header. */
export async function listAll(base: string, path: string, limit: number): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const r = await call(base, 'GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(r.body.length).toBeLessThanOrEqual(limit);
    items.push(...r.body);
    pages += 1;
    cursor = r.headers.get('x-next-cursor');
    if (cursor) expect(r.headers.get('link')).toContain('rel="next"');
  } while (cursor && pages < 100);
  return { items, pages };
}
