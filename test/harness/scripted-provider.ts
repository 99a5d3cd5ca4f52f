// A real HTTP server that speaks the OpenAI chat-completions protocol (streaming SSE and plain
// JSON), answers model and deployment listings, records every chat-completion request, and does
// what the test scripts it to do: answer, fail with a status, stall, send garbage, or cut the socket.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  receivedAt: number;
  /** When the request's headers arrived (receivedAt is after its whole body was read and parsed). */
  arrivedAt: number;
  /** The client closed the connection before we finished answering. */
  closedEarly: boolean;
  /** When the exchange ended (answer sent or connection closed), ms since the epoch. */
  endedAt?: number;
  /** Content chunks streamed so far (endless and stall steps count theirs). */
  chunksSent: number;
}

export type Step =
  | {
      kind: 'content';
      content: string;
      chunks?: number;
      chunkDelayMs?: number;
      delayMs?: number;
      finishReason?: 'stop' | 'length';
      reasoning?: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
      /** Answer one JSON completion even when the request asked for a stream (servers that ignore `stream`). */
      ignoreStream?: boolean;
      /**
       * Token log probabilities to send (`choices[0].logprobs.content`): the answer is then streamed
       * one chunk per token, each with its own. Without them no chunk carries any (`logprobs: null`).
       * Normally their texts add up to `content`; a test of a mismatch may make them not.
       */
      logprobs?: ScriptedToken[];
    }
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /**
   * Never finishes: a streamed request gets its headers (and `content`, when given, as one chunk)
   * and then nothing more; a plain one gets nothing at all.
   */
  | { kind: 'stall'; content?: string }
  /** A stream that never ends: `piece` (default 64 characters) every chunkDelayMs (default 0), until the client closes. */
  | { kind: 'endless'; piece?: string; chunkDelayMs?: number }
  | { kind: 'malformed' }
  /** HTTP 200 with an HTML page (a proxy's login or error page) instead of the protocol. */
  | { kind: 'html' }
  | { kind: 'reset' };

/** One token of a scripted answer, with its log probability. */
export interface ScriptedToken {
  token: string;
  logprob: number;
}

/** The wire form of a token: bytes and (empty) alternatives as servers send them. */
const wireToken = (t: ScriptedToken) => ({ token: t.token, logprob: t.logprob, bytes: [...Buffer.from(t.token, 'utf8')], top_logprobs: [] });

/**
 * A JSON text cut as a tokenizer might: every string's contents, number and literal a token of its
 * own, and the punctuation, keys and whitespace between them tokens of their own. `probability`
 * gives each token's probability from its text and whether it carries a value.
 */
export function jsonTokens(json: string, probability: (token: string, isValue: boolean) => number): ScriptedToken[] {
  const pieces: Array<{ text: string; value: boolean }> = [];
  const re = /"((?:[^"\\]|\\.)*)"(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null|[^"\d\-tfn]+|./g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(json))) {
    if (m[1] !== undefined && m[2] === undefined) {
      pieces.push({ text: '"', value: false });
      if (m[1] !== '') pieces.push({ text: m[1], value: true });
      pieces.push({ text: '"', value: false });
    } else if (m[1] !== undefined) {
      pieces.push({ text: m[0], value: false }); // a key with its colon
    } else {
      pieces.push({ text: m[0], value: /^(-?\d|true|false|null)/.test(m[0]) });
    }
  }
  return pieces.map((p) => ({ token: p.text, logprob: Math.log(probability(p.text, p.value)) }));
}

/**
 * Packets (issue 44): what a page-classification request's page says about itself. The page's
 * text (the request's "Text of the page:" part) holds lines `class: NAME`, `starts: yes|no` and
 * `probs: P1 P2 …` (the probabilities of the class value's tokens: the name is cut into as many
 * tokens); `page` is the page number the request names. Null for a request that is not one.
 */
export function classificationPage(req: RecordedRequest): { page: number; class: string; starts: boolean; probs: number[] } | null {
  const user = (req.body?.messages ?? []).filter((m: any) => m.role === 'user').pop();
  const parts: any[] = Array.isArray(user?.content) ? user.content : [];
  const head = parts.find((p) => p.type === 'text' && /^Page \d+ of \d+\.$/.test(p.text));
  if (!head) return null;
  const text = parts.find((p) => p.type === 'text' && p.text.startsWith('Text of the page:'))?.text ?? '';
  const cls = /class:\s*(\S+)/.exec(text)?.[1] ?? 'other';
  const starts = /starts:\s*yes/.test(text);
  const probs = (/probs:\s*([\d.\s]+)/.exec(text)?.[1] ?? '1').trim().split(/\s+/).map(Number);
  return { page: Number(/^Page (\d+)/.exec(head.text)![1]), class: cls, starts, probs };
}

/**
 * The answer a page's text scripts (classificationPage): `{"class": …, "starts_document": …}` with
 * token probabilities: 1 for every token but the class value's, which get `probs`. `cls` overrides
 * the class (e.g. one outside the classifier's enum).
 */
export function classificationStep(req: RecordedRequest, opts: { cls?: string; delayMs?: number } = {}): Step {
  const page = classificationPage(req);
  if (!page) return { kind: 'error', status: 400, body: { error: { message: 'not a page-classification request' } } };
  const cls = opts.cls ?? page.class;
  const pieces = split(cls, page.probs.length);
  const tokens: ScriptedToken[] = [
    { token: '{"class":"', logprob: 0 },
    ...pieces.map((t, i) => ({ token: t, logprob: Math.log(page.probs[i] ?? 1) })),
    { token: '","starts_document":', logprob: 0 },
    { token: page.starts ? 'true' : 'false', logprob: 0 },
    { token: '}', logprob: 0 },
  ];
  return { kind: 'content', content: tokens.map((t) => t.token).join(''), logprobs: tokens, usage: { prompt_tokens: 50, completion_tokens: tokens.length }, ...(opts.delayMs ? { delayMs: opts.delayMs } : {}) };
}

export interface ScriptedProvider {
  /** e.g. http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  /** A project endpoint for hosted_project_api: chat at `<projectUrl>/openai/v1`, deployments at `<projectUrl>/deployments`. */
  projectUrl: string;
  /** Chat-completion requests, in order. */
  requests: RecordedRequest[];
  /** Model and deployment listing requests, in order. */
  listingRequests: RecordedRequest[];
  enqueue(...steps: Step[]): void;
  respondWith(fn: (req: RecordedRequest) => Step | Promise<Step>): void;
  setModels(ids: string[]): void;
  /** Raw deployment objects for the project listing; by default each model id is a chat deployment. */
  setDeployments(items: unknown[] | null): void;
  /** Make model and deployment listings fail with this status and body until cleared (null). */
  setListingError(error: { status: number; body?: unknown } | null): void;
  reset(): void;
  waitForRequests(n: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  /** Chat-completion requests open right now, and the most ever open at once (since start or reset). */
  openRequests(): { now: number; max: number };
  /** While on, every request that asks for `logprobs` is refused (HTTP 400 naming the parameter), as some servers do. */
  setRejectLogprobs(on: boolean): void;
  close(): Promise<void>;
}

const DEFAULT_STEP: Step = { kind: 'content', content: '{}' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function errorBody(status: number): unknown {
  const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message: `Scripted error ${status}`, type, param: null, code: null } };
}

/** Split text into n nearly equal pieces (at least one, never empty unless the text is). */
function split(text: string, n: number): string[] {
  const count = Math.max(1, Math.min(n, text.length || 1));
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(text.slice(i * size, (i + 1) * size));
  return out.filter((p, i) => p !== '' || i === 0);
}

/** `port`: listen on this port (e.g. to come back where a closed provider was); a free one by default. */
export interface ScriptedProviderOptions {
  port?: number;
  /**
   * Benchmarks: a step's delayMs counts from the request's arrival, so reading and parsing a large
   * request (8 page images, ~9 MB) is part of the model's latency as with a real model, not added
   * to it; and image data is dropped from recorded bodies (`data:image/png;base64,…`), so the
   * benchmark process neither parses nor keeps ~9 MB per request.
   */
  benchmark?: boolean;
}

/**
 * A request body with the data of every `data:` URL replaced by `…`; searched in the bytes, so the
 * ~9 MB of base64 of a window request is neither decoded into a string nor parsed.
 */
export function elideDataUrls(raw: Buffer): string {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf(';base64,', at);
    if (start < 0) break;
    const end = raw.indexOf('"', start);
    if (end < 0) break;
    parts.push(raw.toString('utf8', at, start + 8), '…');
    at = end;
  }
  parts.push(raw.toString('utf8', at));
  return parts.join('');
}

export async function startScriptedProvider(opts: ScriptedProviderOptions = {}): Promise<ScriptedProvider> {
  let queue: Step[] = [];
  let handler: ((req: RecordedRequest) => Step | Promise<Step>) | null = null;
  let models: string[] = [];
  let deployments: unknown[] | null = null;
  let listingError: { status: number; body?: unknown } | null = null;
  const requests: RecordedRequest[] = [];
  const listingRequests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  let counter = 0;
  let openNow = 0;
  let maxOpen = 0;
  let rejectLogprobs = false;

  const notify = () => waiters.forEach((w) => w());

  async function answerChat(req: http.IncomingMessage, res: http.ServerResponse, rec: RecordedRequest): Promise<void> {
    const body = rec.body ?? {};
    if (rejectLogprobs && body.logprobs !== undefined) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: "Unsupported parameter: 'logprobs' is not supported with this model.", type: 'invalid_request_error', param: 'logprobs', code: 'unsupported_parameter' } }));
      return;
    }
    const step = queue.shift() ?? (handler ? await handler(rec) : DEFAULT_STEP);
    const streaming = body.stream === true && !(step.kind === 'content' && step.ignoreStream);
    const id = `chatcmpl-scripted-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = typeof body.model === 'string' ? body.model : 'scripted-model';

    switch (step.kind) {
      case 'reset':
        req.socket.destroy();
        return;
      case 'stall':
        if (streaming) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.flushHeaders();
          if (step.content !== undefined) {
            const delta = { role: 'assistant', content: step.content };
            res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
            rec.chunksSent += 1;
          }
        }
        return; // never finishes; the close handler marks closedEarly
      case 'endless': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const piece = step.piece ?? 'All work and no play makes Jack a dull boy. All work and no pla';
        const line = `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`;
        // Written as fast as the client reads (backpressure), until it closes the connection.
        while (!res.destroyed) {
          rec.chunksSent += 1;
          if (!res.write(line)) await new Promise<void>((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
          if (step.chunkDelayMs) await sleep(step.chunkDelayMs);
          else if (rec.chunksSent % 64 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        }
        return;
      }
      case 'malformed':
        res.writeHead(200, { 'content-type': streaming ? 'text/event-stream' : 'application/json' });
        res.end(streaming ? 'data: {"id": "broken", "choices": [\n\ndata: not json at all\n\n' : '{"id": "broken", "choi');
        return;
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><head><title>Sign in</title></head><body><h1>Please sign in</h1></body></html>\n');
        return;
      case 'error': {
        const payload = JSON.stringify(step.body ?? errorBody(step.status));
        res.writeHead(step.status, { 'content-type': 'application/json', ...(step.headers ?? {}) });
        res.end(payload);
        return;
      }
      case 'content': {
        const held = opts.benchmark ? Date.now() - rec.arrivedAt : 0;
        if (step.delayMs && step.delayMs > held) await sleep(step.delayMs - held);
        if (res.destroyed) return;
        const finish = step.finishReason ?? 'stop';
        const usageIn = step.usage ?? { prompt_tokens: 10, completion_tokens: Math.max(1, Math.ceil(step.content.length / 4)) };
        const usage = { ...usageIn, total_tokens: usageIn.prompt_tokens + usageIn.completion_tokens };
        if (!streaming) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id,
              object: 'chat.completion',
              created,
              model,
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: step.content, ...(step.reasoning ? { reasoning_content: step.reasoning } : {}) },
                  finish_reason: finish,
                  logprobs: step.logprobs ? { content: step.logprobs.map(wireToken) } : null,
                },
              ],
              usage,
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const send = (chunk: object) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        const chunk = (delta: object, finishReason: string | null) => ({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
        });
        send(chunk({ role: 'assistant', content: '' }, null));
        if (step.reasoning) send(chunk({ reasoning_content: step.reasoning }, null));
        if (step.logprobs) {
          for (const t of step.logprobs) {
            if (res.destroyed) return;
            send({ ...chunk({ content: t.token }, null), choices: [{ index: 0, delta: { content: t.token }, finish_reason: null, logprobs: { content: [wireToken(t)] } }] });
          }
        } else {
          for (const piece of split(step.content, step.chunks ?? 3)) {
            if (step.chunkDelayMs) await sleep(step.chunkDelayMs);
            if (res.destroyed) return;
            send(chunk({ content: piece }, null));
          }
        }
        send(chunk({}, finish));
        if (body.stream_options?.include_usage) send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  }

  function answerListing(path: string, res: http.ServerResponse): void {
    if (listingError) {
      res.writeHead(listingError.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(listingError.body ?? errorBody(listingError.status)));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (path.endsWith('/deployments')) {
      const value =
        deployments ??
        models.map((id) => ({
          type: 'ModelDeployment',
          name: id,
          modelName: id,
          modelVersion: '1',
          modelPublisher: 'Scripted',
          capabilities: { chat_completion: 'true' },
          sku: { name: 'GlobalStandard', capacity: 1 },
          connectionName: 'scripted',
        }));
      res.end(JSON.stringify({ value }));
      return;
    }
    const created = Math.floor(Date.now() / 1000);
    res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created, owned_by: 'scripted' })) }));
  }

  const server = http.createServer((req, res) => {
    const arrivedAt = Date.now();
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const bytes = Buffer.concat(parts);
      const raw = opts.benchmark ? elideDataUrls(bytes) : bytes.toString('utf8');
      let body: any = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: { ...req.headers },
        body,
        receivedAt: Date.now(),
        arrivedAt,
        closedEarly: false,
        chunksSent: 0,
      };
      res.on('close', () => {
        if (!res.writableFinished) rec.closedEarly = true;
        rec.endedAt ??= Date.now();
      });

      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        openNow += 1;
        maxOpen = Math.max(maxOpen, openNow);
        let counted = true;
        const done = () => {
          rec.endedAt ??= Date.now();
          if (counted) openNow -= 1;
          counted = false;
        };
        res.once('finish', done);
        res.once('close', done);
        requests.push(rec);
        notify();
        answerChat(req, res, rec).catch((err) => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `scripted provider failed: ${String(err)}` } }));
        });
        return;
      }
      if (req.method === 'GET' && (path.endsWith('/models') || path.endsWith('/deployments'))) {
        listingRequests.push(rec);
        answerListing(path, res);
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `No route for ${req.method} ${path}`, type: 'invalid_request_error' } }));
    });
  });
  // Idle keep-alive connections stay open longer than the service's provider client keeps its own
  // (src/providers/client.ts, 30 s), as the API does for its clients (src/runtime/api-process.ts),
  // so the server never closes an idle connection at the moment the worker sends on it. With Node's
  // default of 5 s, the 2,000-item batch test under load once had 5 items fail with "Could not reach
  // the provider: read ECONNRESET" at one attempt; this idle-close race is the likely cause (not
  // reproduced in isolation).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    projectUrl: `${origin}/api/projects/scripted`,
    requests,
    listingRequests,
    enqueue: (...steps) => void queue.push(...steps),
    respondWith: (fn) => void (handler = fn),
    setModels: (ids) => void (models = [...ids]),
    setDeployments: (items) => void (deployments = items ? [...items] : null),
    setListingError: (error) => void (listingError = error),
    reset() {
      listingError = null;
      rejectLogprobs = false;
      queue = [];
      handler = null;
      deployments = null;
      requests.length = 0;
      listingRequests.length = 0;
      maxOpen = openNow;
    },
    openRequests: () => ({ now: openNow, max: maxOpen }),
    setRejectLogprobs: (on) => void (rejectLogprobs = on),
    waitForRequests(n, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(requests.slice(0, n));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${n} chat-completion requests within ${timeoutMs} ms, got ${requests.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
