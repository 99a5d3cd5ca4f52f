// `docextract mcp`: the MCP server over stdio for desktop agents, talking to the service at
// DOCEXTRACT_URL with DOCEXTRACT_TOKEN. stdout carries the protocol only; notes go to stderr.
import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDocextractClient, DocextractError, type DocextractClient } from '../../clients/typescript/index.js';
import type { TokenScope } from '../http/middleware/auth.js';
import { createMcpServer } from './server.js';

export async function runStdioServer(opts: { url: string; token?: string; stderr: NodeJS.WritableStream }): Promise<void> {
  const client = createDocextractClient({ baseUrl: opts.url, token: opts.token });
  const scope = await tokenScope(client);
  const server = createMcpServer({ client, transport: 'stdio', scope, sessionId: randomUUID() });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  opts.stderr.write(`docextract MCP server on stdio, for ${opts.url}${scope ? ` (${scope} token)` : ''}\n`);
  await closed;
}

/**
 * The token's scope, learned the way a REST client would: an admin-only read (the webhook
 * endpoints) answers 200 to an admin token (or with no tokens configured) and 403 to a client token.
 * An unknown token fails here, at start-up, rather than on every tool call.
 */
async function tokenScope(client: DocextractClient): Promise<TokenScope | null> {
  try {
    await client.ok(client.api.GET('/v1/webhook-endpoints', { params: { query: { limit: 1 } } }));
    return 'admin';
  } catch (err) {
    if (err instanceof DocextractError && err.status === 403) return 'client';
    throw err;
  }
}
