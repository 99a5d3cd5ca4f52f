// The studio's calls to the service: same-origin fetch with the bearer token the user entered
// (kept in sessionStorage: this tab only, gone when it closes). Small on purpose; a typed client
// can replace it without touching the components.

const TOKEN_KEY = 'docextract.studio.token';

export const token = {
  get: (): string => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (value: string): void => {
    if (value) sessionStorage.setItem(TOKEN_KEY, value);
    else sessionStorage.removeItem(TOKEN_KEY);
  },
};

/** An error answer of the service: its status and stable `code`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const t = token.get();
  return t ? { ...extra, authorization: `Bearer ${t}` } : extra;
}

async function failure(res: Response): Promise<ApiError> {
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: the status says enough
  }
  const detail = typeof body?.detail === 'string' ? body.detail : body?.detail ? JSON.stringify(body.detail) : res.statusText;
  return new ApiError(res.status, body?.code ?? (res.status === 422 ? 'validation_error' : 'http_error'), detail);
}

/** A JSON call; multipart when `body` is FormData. Throws ApiError on any status >= 400. */
export async function api<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method,
    headers: headers(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw await failure(res);
  return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
}

/** Page `page` of a file as an object URL (revoke it when done), and the file's page count. */
export async function pageImage(fileId: string, page: number, signal?: AbortSignal): Promise<{ url: string; pageCount: number }> {
  const res = await fetch(`/v1/files/${encodeURIComponent(fileId)}/pages/${page}`, { headers: headers(), signal });
  if (!res.ok) throw await failure(res);
  return { url: URL.createObjectURL(await res.blob()), pageCount: Number(res.headers.get('x-page-count') ?? '1') };
}

export type JobKind = 'extraction-jobs' | 'parse-jobs';
const TERMINAL = ['completed', 'failed', 'canceled'];
export const isTerminal = (job: { status: string }) => TERMINAL.includes(job.status);

/**
 * Follows a job until it ends, calling `onJob` with every state: the job's event stream (SSE,
 * read through fetch so the token goes along; EventSource cannot send headers), then long-polls
 * (`?wait=30`) should the stream be unavailable or end early.
 */
export async function followJob<J extends { status: string }>(kind: JobKind, id: string, onJob: (job: J) => void, signal: AbortSignal): Promise<J> {
  const path = `/v1/${kind}/${encodeURIComponent(id)}`;
  try {
    const res = await fetch(`${path}/events`, { headers: headers({ accept: 'text/event-stream' }), signal });
    if (res.ok && res.body) {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (!data) continue; // a keep-alive comment
          const job = JSON.parse(data) as J;
          onJob(job);
          if (isTerminal(job)) {
            await reader.cancel();
            return job;
          }
        }
      }
    }
  } catch (err) {
    if (signal.aborted) throw err;
  }
  for (;;) {
    const job = await api<J>('GET', `${path}?wait=30`, undefined, signal);
    onJob(job);
    if (isTerminal(job)) return job;
  }
}
