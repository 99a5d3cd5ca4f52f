// The studio's calls to the service go through the typed client (clients/typescript): same-origin,
// with the bearer token the user entered (kept in sessionStorage: this tab only, gone when it
// closes), read on every request so a changed token applies at once. What is left here is what the
// client has no helper for: a page image as an object URL, and a job followed through its event
// stream.
import { createDocextractClient, describeDetail, DocextractError, isTerminal, jobKind, type Job } from '../../../clients/typescript/index.js';

const TOKEN_KEY = 'docextract.studio.token';

export const token = {
  get: (): string => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (value: string): void => {
    if (value) sessionStorage.setItem(TOKEN_KEY, value);
    else sessionStorage.removeItem(TOKEN_KEY);
  },
};

export const client = createDocextractClient({ baseUrl: location.origin });
// The workspace the key acts in (issue 42): every authenticated answer names it in X-Docextract-Workspace.
let workspaceName = '';
const workspaceListeners = new Set<(name: string) => void>();
export const workspace = {
  get: (): string => workspaceName,
  /** Calls `fn` with each new name; returns the unsubscribe. */
  subscribe(fn: (name: string) => void): () => void {
    workspaceListeners.add(fn);
    return () => void workspaceListeners.delete(fn);
  },
};

client.api.use({
  onRequest({ request }) {
    const t = token.get();
    if (t) request.headers.set('authorization', `Bearer ${t}`);
    return request;
  },
  onResponse({ response }) {
    const name = response.headers.get('x-docextract-workspace') ?? '';
    if (name && name !== workspaceName) {
      workspaceName = name;
      for (const fn of workspaceListeners) fn(name);
    }
    return response;
  },
});

/** An error as a line for the page: the service's `detail` (its `code` is shown where it helps). */
export const errorText = (e: unknown): string => (e instanceof DocextractError ? describeDetail(e.detail) : (e as Error).message);

/** Page `page` of a file as an object URL (revoke it when done), and the file's page count. */
export async function pageImage(fileId: string, page: number, signal?: AbortSignal): Promise<{ url: string; pageCount: number }> {
  const call = client.api.GET('/v1/files/{file_id}/pages/{page}', { params: { path: { file_id: fileId, page } }, parseAs: 'blob', signal });
  const image = await client.ok(call);
  const pageCount = Number((await call).response.headers.get('x-page-count') ?? '1');
  return { url: URL.createObjectURL(image as Blob), pageCount };
}

/**
 * Follows a job until it ends, calling `onJob` with every state: the job's event stream (SSE,
 * read through fetch so the token goes along; EventSource cannot send headers), then the client's
 * long-polls (`waitForJob`, `?wait=30`) should the stream be unavailable or end early.
 */
export async function followJob<J extends Job>(job: J, onJob: (job: J) => void, signal: AbortSignal): Promise<J> {
  // The event stream tells status and page changes, not a model call's retries (their state is kept
  // beside the job, `retry`): a read every few seconds brings those, until the job ends.
  let ended = false;
  const show = (current: J) => {
    if (ended) return;
    if (isTerminal(current.status)) ended = true;
    onJob(current);
  };
  const refresh = setInterval(() => {
    client.getJob(job.id, 0, signal).then((current) => show(current as J), () => {});
  }, RETRY_REFRESH_MS);
  try {
    return await followEvents(job, show, signal);
  } finally {
    ended = true;
    clearInterval(refresh);
  }
}

/** How often a followed job is read for its `retry` state. */
const RETRY_REFRESH_MS = 3_000;

async function followEvents<J extends Job>(job: J, onJob: (job: J) => void, signal: AbortSignal): Promise<J> {
  const params = { path: { job_id: job.id } };
  const options = { params, parseAs: 'stream', headers: { accept: 'text/event-stream' }, signal } as const;
  try {
    const kind = jobKind(job.id);
    const stream = await client.ok(
      kind === 'extraction'
        ? client.api.GET('/v1/extraction-jobs/{job_id}/events', options)
        : kind === 'classification'
          ? client.api.GET('/v1/classification-jobs/{job_id}/events', options)
          : client.api.GET('/v1/parse-jobs/{job_id}/events', options),
    );
    if (stream) {
      const reader = (stream as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream()).getReader();
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
          const current = JSON.parse(data) as J;
          onJob(current);
          if (isTerminal(current.status)) {
            await reader.cancel();
            return current;
          }
        }
      }
    }
  } catch (err) {
    if (signal.aborted) throw err;
  }
  // A job runs as long as its document needs: no deadline here, the user can leave or run again.
  return client.waitForJob(job, { maxWaitSeconds: 30, timeoutMs: Number.POSITIVE_INFINITY, onUpdate: (j) => onJob(j as J), signal });
}
