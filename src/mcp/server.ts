// One MCP server definition for both transports: the tools a token's scope may call, the two
// resource templates, and the mapping of a service error to a tool error carrying its code.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { DocextractError, type DocextractClient } from '../../clients/typescript/index.js';
import { SERVICE_VERSION } from '../version.js';
import { clientMayCall, keyMayCall, type TokenScope } from '../http/middleware/auth.js';
import { TOOLS, type ToolContext, type ToolDefinition } from './tools.js';

export interface McpServerOptions {
  client: DocextractClient;
  transport: ToolContext['transport'];
  /** The caller's scope; `null` when the service has no tokens (everything is allowed). */
  scope: TokenScope | null;
  /** Distinguishes this session's calls in Idempotency-Keys. */
  sessionId: string;
}

/**
 * The tools a scope is offered: a `client` token gets only those whose REST calls it may make, and
 * no review tools; a `reviewer` key those whose calls it may make (reads and review decisions).
 * Every call goes back to the REST API with the caller's key, so it stays in the key's workspace.
 */
export function toolsForScope(scope: TokenScope | null): ToolDefinition[] {
  if (scope === null || scope === 'admin' || scope === 'operator') return TOOLS;
  if (scope === 'reviewer') return TOOLS.filter((tool) => tool.calls.every((call) => keyMayCall('reviewer', call.method, call.path)));
  return TOOLS.filter((tool) => !tool.review && tool.calls.every((call) => clientMayCall(call.method, call.path)));
}

export function createMcpServer(opts: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: 'docextract', version: SERVICE_VERSION },
    { instructions: 'Document extraction and parsing: upload_file, then extract (with a named extractor) or parse; get_job while a job runs.' },
  );
  for (const tool of toolsForScope(opts.scope)) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output },
      async (args: Record<string, unknown>, extra) => {
        const progressToken = extra._meta?.progressToken;
        const ctx: ToolContext = {
          client: opts.client,
          transport: opts.transport,
          callId: `${opts.sessionId}:${String(extra.requestId)}:${tool.name}`,
          signal: extra.signal,
          async progress(done, total, message) {
            if (progressToken === undefined) return;
            await extra
              .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: done, ...(total ? { total } : {}), message } })
              .catch(() => {});
          },
        };
        try {
          const { structured, summary } = await tool.run(ctx, args);
          return { structuredContent: structured, content: [{ type: 'text' as const, text: summary }] };
        } catch (err) {
          return toolError(err);
        }
      },
    );
  }
  registerResources(server, opts.client);
  return server;
}

/** Where a tool error's `{code, status, detail}` is, in the result's `_meta`. */
export const ERROR_META = 'docextract/error';

/** A service error as a tool error: `isError` with the service's `code` and `detail`. */
export function toolError(err: unknown) {
  const e =
    err instanceof DocextractError
      ? { code: err.code, status: err.status, detail: err.detail }
      : { code: (err as NodeJS.ErrnoException)?.code === 'ENOENT' ? 'file_not_found' : 'internal_error', status: 0, detail: err instanceof Error ? err.message : String(err) };
  const detail = typeof e.detail === 'string' ? e.detail : JSON.stringify(e.detail);
  // No structuredContent: a client checks it against the tool's output schema, which describes
  // success. The code and detail go in the text (for the model) and in _meta (for programs).
  return { isError: true, _meta: { [ERROR_META]: e }, content: [{ type: 'text' as const, text: `error ${e.code}: ${detail}` }] };
}

function registerResources(server: McpServer, client: DocextractClient): void {
  server.registerResource(
    'job',
    new ResourceTemplate('docextract://jobs/{job_id}', { list: undefined }),
    { title: 'A job', description: 'A job of any kind as JSON (GET of the job)', mimeType: 'application/json' },
    async (uri, variables) => {
      const job = await client.getJob(String(variables.job_id));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(job) }] };
    },
  );
  server.registerResource(
    'file-page',
    new ResourceTemplate('docextract://files/{file_id}/pages/{n}', { list: undefined }),
    { title: 'A page image', description: 'One page of an uploaded file, rendered as an image (GET /v1/files/{file_id}/pages/{n})' },
    async (uri, variables) => {
      const response = await fetch(`${client.baseUrl}/v1/files/${encodeURIComponent(String(variables.file_id))}/pages/${encodeURIComponent(String(variables.n))}`, {
        headers: client.authHeaders(),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { code?: string; detail?: unknown };
        throw new DocextractError(body.code ?? 'http_error', response.status, body.detail ?? response.statusText);
      }
      const mimeType = response.headers.get('content-type')?.split(';')[0] ?? 'image/png';
      return { contents: [{ uri: uri.href, mimeType, blob: Buffer.from(await response.arrayBuffer()).toString('base64') }] };
    },
  );
}
