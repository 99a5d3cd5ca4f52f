// MCP over Streamable HTTP at /mcp on the API: POST (requests), GET (the session's notification
// stream) and DELETE (end the session), sessions per the specification (Mcp-Session-Id); a POST
// without a session other than `initialize` is answered statelessly. The tools call this same API
// over loopback with the caller's own bearer token, so the scopes, limits and answers are the REST
// ones exactly.
import { createHash, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createDocextractClient } from '../../clients/typescript/index.js';
import type { TokenScope } from '../http/middleware/auth.js';
import { createMcpServer } from './server.js';

/** Sessions open at once; the oldest idle one is closed to make room. */
export const MAX_MCP_SESSIONS = 200;
/** A session unused this long is closed (its client may open another). */
export const MCP_SESSION_IDLE_MS = 30 * 60_000;

/** What openapi.yaml states of `Mcp-Session-Id`: 1–200 visible ASCII characters. */
const SESSION_ID = /^[\x21-\x7E]{1,200}$/;

interface Session {
  transport: StreamableHTTPServerTransport;
  /** Digest of the bearer token that opened it: another token cannot use the session. */
  tokenDigest: string;
  lastUsed: number;
  close(): Promise<void>;
}

export function mcpRoutes(): Router {
  const sessions = new Map<string, Session>();
  const router = new Router();

  const handle = async (ctx: Context) => {
    const token = bearerToken(ctx);
    const digest = createHash('sha256').update(token ?? '').digest('hex');
    const given = ctx.req.headers['mcp-session-id'];
    // A header given empty or malformed names no session: 400, never a stateless answer.
    if (given !== undefined && (typeof given !== 'string' || !SESSION_ID.test(given))) {
      return jsonRpcError(ctx, 400, -32000, 'Mcp-Session-Id must be 1 to 200 visible ASCII characters');
    }
    // JSON-RPC 2.0: an empty batch is an invalid request (the transport would accept it as nothing).
    if (ctx.method === 'POST' && Array.isArray(ctx.request.body) && ctx.request.body.length === 0) {
      return jsonRpcError(ctx, 400, -32600, 'Invalid Request: an empty array of messages');
    }
    const sessionId = given;
    let session = sessionId ? sessions.get(sessionId) : undefined;
    if (session && session.tokenDigest !== digest) session = undefined; // as if it did not exist
    if (sessionId && !session) return jsonRpcError(ctx, 404, -32001, 'Session not found: open a new one with an initialize request');
    if (!session) {
      if (ctx.method !== 'POST') return jsonRpcError(ctx, 400, -32000, 'No Mcp-Session-Id: a session is opened by an initialize request');
      // Without a session, an initialize request opens one; any other message is answered on its
      // own, as a stateless server answers (the specification lets a server not require sessions).
      if (!isInitializeRequest(ctx.request.body)) return answerStateless(ctx, token);
      session = await openSession(ctx, token, digest, sessions);
    }
    session.lastUsed = Date.now();
    acceptBothMediaTypes(ctx);
    ctx.respond = false; // the transport writes the response (JSON or an event stream)
    await session.transport.handleRequest(ctx.req, ctx.res, ctx.method === 'POST' ? ctx.request.body : undefined);
  };
  router.post('/mcp', handle);
  router.get('/mcp', handle);
  router.delete('/mcp', handle);
  return router;
}

/** A POST without a session: a server and transport of its own, closed once the answer is written. */
async function answerStateless(ctx: Context, token: string | undefined): Promise<void> {
  const client = createDocextractClient({ baseUrl: loopbackUrl(ctx), token, workspace: ctx.state.workspace?.id });
  const scope = (ctx.state.tokenScope as TokenScope | undefined) ?? null;
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = createMcpServer({ client, transport: 'http', scope, sessionId: randomUUID() });
  ctx.res.on('close', () => void server.close().catch(() => {}));
  await server.connect(transport);
  acceptBothMediaTypes(ctx);
  ctx.respond = false;
  await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
}

// The transport wants both media types named; a client that takes anything (`*/*` or no Accept)
// takes them too.
function acceptBothMediaTypes(ctx: Context): void {
  const accept = ctx.get('accept');
  if (!accept || /^\s*\*\/\*\s*$/.test(accept)) ctx.req.headers.accept = 'application/json, text/event-stream';
}

async function openSession(ctx: Context, token: string | undefined, tokenDigest: string, sessions: Map<string, Session>): Promise<Session> {
  evictIdle(sessions);
  // The session's tools call back as the caller, in the caller's workspace (an operator's header included).
  const client = createDocextractClient({ baseUrl: loopbackUrl(ctx), token, workspace: ctx.state.workspace?.id });
  const scope = (ctx.state.tokenScope as TokenScope | undefined) ?? null;
  let session!: Session;
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, session),
    onsessionclosed: (id) => void sessions.delete(id),
  });
  const server = createMcpServer({ client, transport: 'http', scope, sessionId: randomUUID() });
  session = {
    transport,
    tokenDigest,
    lastUsed: Date.now(),
    close: async () => {
      await server.close().catch(() => {});
    },
  };
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  return session;
}

/** Close sessions idle too long, and the oldest ones beyond MAX_MCP_SESSIONS - 1. */
function evictIdle(sessions: Map<string, Session>): void {
  const now = Date.now();
  for (const [id, s] of sessions) if (now - s.lastUsed > MCP_SESSION_IDLE_MS) void s.close().finally(() => sessions.delete(id));
  const byAge = [...sessions.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
  while (byAge.length >= MAX_MCP_SESSIONS) {
    const [id, s] = byAge.shift()!;
    sessions.delete(id);
    void s.close();
  }
}

/** This API as reached on the socket the request came in on (the tools call it back over loopback). */
function loopbackUrl(ctx: Context): string {
  const socket = ctx.req.socket;
  let host = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  if (host === '::' || host === '0.0.0.0') host = '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
}

function bearerToken(ctx: Context): string | undefined {
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(ctx.get('authorization'))?.[1];
}

function jsonRpcError(ctx: Context, status: number, code: number, message: string): void {
  ctx.status = status;
  ctx.body = { jsonrpc: '2.0', error: { code, message }, id: null };
}
