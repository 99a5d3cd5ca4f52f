// The SDK's `fetch`, answered by undici's request API on the provider's own connection pool.
//
// undici's fetch copies a byte body three times before the first byte leaves (the WebIDL copy of
// the BufferSource, the body stream's chunk, and the tee of the request clone that redirect
// following needs): ~27 MB of copies and allocations for an 8-page window's 9 MB request, ~23 ms of
// the worker's event loop (measured with --cpu-prof), and large short-lived buffers that glibc's
// allocator keeps after they are freed. `Dispatcher.request` writes our Buffer to the socket as it is.
// What fetch did besides, kept: redirects are followed (the redirect interceptor, which replays
// the bytes), the body is a web stream, and failures reach the SDK as thrown errors (connection
// errors become APIConnectionError, an abort an APIUserAbortError). No Accept-Encoding is sent, so
// servers answer uncompressed and nothing needs decoding.
import { Readable } from 'node:stream';
import { type Dispatcher, Headers, interceptors, Response } from 'undici';

/** Redirects followed, as fetch's default ("follow", at most 20). */
const MAX_REDIRECTIONS = 20;

/**
 * A bound on the response body (passed by stream.ts through the SDK's `fetchOptions`): the body
 * ends quietly once this many bytes have been read, and `onExceeded` says so. The request is closed.
 */
export interface ResponseLimit {
  bytes: number;
  onExceeded: () => void;
}

type FetchInit = { method?: string; headers?: unknown; body?: unknown; signal?: AbortSignal | null; responseLimit?: ResponseLimit };

/** The body's bytes up to the limit; leaving early destroys the source (and so closes the request). */
async function* upTo(source: AsyncIterable<Buffer>, limit: ResponseLimit): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > limit.bytes) {
      limit.onExceeded();
      return;
    }
    yield chunk;
  }
}

/** Header pairs from any form fetch takes (Headers, a record, or pairs), read as fetch reads them. */
function headerPairs(init: unknown): string[] {
  const flat: string[] = [];
  for (const [name, value] of new Headers((init ?? undefined) as ConstructorParameters<typeof Headers>[0])) flat.push(name, value);
  return flat;
}

/** The request body as undici takes it, without copying bytes. */
function requestBody(body: unknown): string | Uint8Array | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  // The SDK sends streams and forms only for file uploads, which this service never makes.
  throw new TypeError(`Unsupported request body type: ${Object.prototype.toString.call(body)}`);
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** A fetch-compatible function sending through `dispatcher` with undici's request API. */
export function requestFetch(dispatcher: Dispatcher): (input: string | URL | { url: string }, init?: FetchInit) => Promise<Response> {
  const withRedirects = dispatcher.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }));
  return async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const res = await withRedirects.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
      headers: headerPairs(init.headers),
      body: requestBody(init.body),
      signal: init.signal ?? undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.append(name, value);
    }
    if (NULL_BODY_STATUS.has(res.statusCode)) {
      res.body.resume();
      return new Response(null, { status: res.statusCode, headers });
    }
    const body = init.responseLimit && Number.isFinite(init.responseLimit.bytes) ? Readable.from(upTo(res.body, init.responseLimit), { objectMode: false }) : res.body;
    return new Response(Readable.toWeb(body) as ReadableStream, { status: res.statusCode, headers });
  };
}
