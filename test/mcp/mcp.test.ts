// The MCP server (issue 43) driven by the SDK's own client over both transports: Streamable HTTP at
// /mcp on the API and stdio through `docextract mcp`, against the real API, Temporal and Postgres
// with the scripted model.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { makePdf } from '../fixtures/documents.js';
import { type ScriptedProvider, type ScriptedToken } from '../harness/scripted-provider.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, total: { type: ['number', 'null'] } },
  required: ['name', 'total'],
  additionalProperties: false,
};
const ALL_TOOLS = [
  'approve_review', 'cancel_job', 'create_batch', 'extract', 'get_batch', 'get_batch_results', 'get_extractor', 'get_job', 'list_extractors',
  'list_parsers', 'list_review_queue', 'parse', 'reject_review', 'review_job', 'upload_file',
];
const REVIEW_TOOLS = ['approve_review', 'list_review_queue', 'reject_review', 'review_job'];

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let http: Client;

const tok = (token: string, p: number): ScriptedToken => ({ token, logprob: Math.log(p) });
/** `{"name": "<name>", "total": 12.5}` with the name's tokens at probability `p`. */
function answer(name: string, p: number) {
  const logprobs = [tok('{"name": "', 0.99), tok(name, p), tok('", "total": ', 0.99), tok('12.5', 0.97), tok('}', 0.99)];
  return { kind: 'content' as const, content: logprobs.map((t) => t.token).join(''), logprobs };
}

async function connectHttp(token?: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

/** A tool call's structured answer; fails the test on a tool error. */
async function tool(client: Client, name: string, args: Record<string, unknown>, onprogress?: (p: { progress: number; total?: number }) => void): Promise<any> {
  const r: any = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000, ...(onprogress ? { onprogress } : {}) });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  expect(r.content[0].type).toBe('text');
  return r.structuredContent;
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: { SERVICE_RENDER_DPI: '40', SERVICE_PAGE_CONCURRENCY: '4' } }));
  base = stack.url;
  for (const [name, extra] of [['mcp-plain', {}], ['mcp-review', { review_threshold: 0.8 }]] as const) {
    const r = await call(base, 'PUT', `/v1/extractors/${name}`, { display_name: name, instructions: 'Extract.', model: 'generic-model', schema: SCHEMA, ...extra });
    expect(r.status).toBe(201);
  }
  http = await connectHttp();
}, 120_000);

afterAll(async () => {
  await http?.close();
  await stack?.close();
  await provider?.close();
});

describe('MCP over Streamable HTTP (/mcp)', () => {
  it('lists every tool with an input and an output schema, and the two resource templates', async () => {
    const { tools } = await http.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description!.length).toBeGreaterThan(20);
    }
    const extract = tools.find((t) => t.name === 'extract')!;
    expect(Object.keys(extract.inputSchema.properties!).sort()).toEqual(['extractor_name', 'file_id', 'pages', 'text', 'wait_seconds']);
    expect(extract.inputSchema.required).toEqual(['extractor_name']);
    const { resourceTemplates } = await http.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['docextract://files/{file_id}/pages/{n}', 'docextract://jobs/{job_id}']);
  });

  it('answers a message without Mcp-Session-Id statelessly: tools/list is listed, a notification accepted, no session opened; GET and an unknown session are refused', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
    const listed = await post({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('mcp-session-id')).toBeNull();
    const text = await listed.text();
    // The transport answers as an event stream or as JSON; either carries the one JSON-RPC answer.
    const message = JSON.parse(listed.headers.get('content-type')!.startsWith('text/event-stream') ? /^data: (.*)$/m.exec(text)![1]! : text);
    expect(message.id).toBe(7);
    expect(message.result.tools.map((t: { name: string }) => t.name).sort()).toEqual(ALL_TOOLS);

    const unknownMethod = await post([{ jsonrpc: '2.0', id: 'a', method: 'no/such-method' }]);
    expect(unknownMethod.status).toBe(200);
    expect(await unknownMethod.text()).toContain('-32601');
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    expect((await post({ jsonrpc: '2.0' })).status).toBe(400); // not a JSON-RPC message
    expect((await post([])).status).toBe(400); // an empty batch is an invalid request
    // A header given empty names no session: refused, not answered statelessly.
    expect((await post({ jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-session-id': '' })).status).toBe(400);
    expect((await post({ jsonrpc: '2.0', id: 8, method: 'tools/list' }, { 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    expect((await fetch(`${base}/mcp`, { headers: { accept: 'text/event-stream' } })).status).toBe(400);
  });

  it('uploads a PDF, extracts with a wait and answers the completed data with its confidence; the job and a page are resources', async () => {
    provider.reset();
    provider.enqueue(answer('Acme Corp', 0.93));
    const pdf = makePdf(['Acme Corp', 'Total 12.50']);
    const { file } = await tool(http, 'upload_file', { filename: 'receipt.pdf', content_base64: pdf.toString('base64') });
    expect(file).toMatchObject({ filename: 'receipt.pdf', media_type: 'application/pdf' });
    const { job } = await tool(http, 'extract', { extractor_name: 'mcp-plain', file_id: file.id, wait_seconds: 60 });
    expect(job.status).toBe('completed');
    expect(job.result.data).toEqual({ name: 'Acme Corp', total: 12.5 });
    expect(job.result.confidence['/name']).toBeCloseTo(0.93, 3);
    // The job row says the same through REST: the tool is a call of the API, nothing more.
    expect((await call(base, 'GET', `/v1/extraction-jobs/${job.id}`)).body.result).toEqual(job.result);

    const asResource = await http.readResource({ uri: `docextract://jobs/${job.id}` });
    expect(JSON.parse((asResource.contents[0] as { text: string }).text).id).toBe(job.id);
    const page = await http.readResource({ uri: `docextract://files/${file.id}/pages/2` });
    expect(page.contents[0]!.mimeType).toBe('image/png');
    expect(Buffer.from((page.contents[0] as unknown as { blob: string }).blob, 'base64').subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it('answers a service error as a tool error carrying the service code and detail', async () => {
    const r: any = await http.callTool({ name: 'extract', arguments: { extractor_name: 'no-such-extractor', text: 'x', wait_seconds: 0 } });
    expect(r.isError).toBe(true);
    expect(r._meta['docextract/error']).toMatchObject({ code: 'not_found', status: 404 });
    expect(r.content[0].text).toMatch(/^error not_found: .*no-such-extractor/);
    const bad: any = await http.callTool({ name: 'upload_file', arguments: { filename: 'x.bin', content_base64: Buffer.from([0, 159, 146, 150, 255, 0, 1, 2, 3, 4]).toString('base64') } });
    expect(bad.isError).toBe(true);
    expect(bad._meta['docextract/error'].code).toBe('unsupported_media_type');
    // `path` reads the server's disk only on stdio.
    const local: any = await http.callTool({ name: 'upload_file', arguments: { path: '/etc/passwd' } });
    expect(local.isError).toBe(true);
    expect(local.content[0].text).toMatch(/stdio/);
  });

  it('get_job shows a running job\'s progress, parse reports progress notifications, cancel_job cancels', async () => {
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: '# Page', delayMs: 1_500 }));
    const { file } = await tool(http, 'upload_file', { filename: 'three.pdf', content_base64: makePdf(['one', 'two', 'three']).toString('base64') });
    const progress: Array<{ progress: number; total?: number }> = [];
    const parsed = await tool(http, 'parse', { file_id: file.id, wait_seconds: 60 }, (p) => progress.push(p));
    expect(parsed.job.status).toBe('completed');
    expect(parsed.job.result.page_count).toBe(3);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === undefined || p.total === 3)).toBe(true);

    provider.respondWith(() => ({ kind: 'stall' }));
    const started = await tool(http, 'parse', { file_id: file.id, wait_seconds: 0 });
    const running = await (async () => {
      for (let i = 0; i < 100; i++) {
        const { job } = await tool(http, 'get_job', { job_id: started.job.id });
        if (job.status === 'running' && job.progress?.pages_total === 3) return job;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the job never showed as running with its pages');
    })();
    expect(running.progress).toEqual({ pages_total: 3, pages_completed: 0 });
    const { job: canceling } = await tool(http, 'cancel_job', { job_id: started.job.id });
    expect(['canceling', 'canceled']).toContain(canceling.status);
  }, 120_000);

  it('runs a batch of 20 texts through create_batch and get_batch, and pages its results', async () => {
    provider.reset();
    provider.respondWith(() => answer('Item', 0.99));
    const inputs = Array.from({ length: 20 }, (_, i) => ({ custom_id: `t-${i}`, text: `Item ${i}, total 12.50` }));
    const { batch } = await tool(http, 'create_batch', { kind: 'extraction', extractor_name: 'mcp-plain', inputs });
    let current = batch;
    for (let i = 0; i < 300 && current.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 300));
      current = (await tool(http, 'get_batch', { batch_id: batch.id })).batch;
    }
    expect(current.status).toBe('completed');
    expect(current.request_counts).toMatchObject({ total: 20, completed: 20, failed: 0 });
    const first = await tool(http, 'get_batch_results', { batch_id: batch.id, limit: 15 });
    expect(first.results).toHaveLength(15);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await tool(http, 'get_batch_results', { batch_id: batch.id, limit: 15, cursor: first.next_cursor });
    expect(second.results).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
    expect([...first.results, ...second.results].map((l: any) => l.custom_id)).toEqual(inputs.map((i) => i.custom_id));
  }, 180_000);

  it('moves a flagged job through the review tools to approved', async () => {
    provider.reset();
    provider.enqueue(answer('Blurry Ltd', 0.42));
    const { job } = await tool(http, 'extract', { extractor_name: 'mcp-review', text: 'Blurry Ltd, total 12.50', wait_seconds: 60 });
    expect(job.status).toBe('completed');
    expect(job.review.status).toBe('pending');
    const { jobs } = await tool(http, 'list_review_queue', {});
    expect(jobs.map((j: any) => j.id)).toContain(job.id);
    const reviewed = await tool(http, 'review_job', { job_id: job.id, revision: job.review.revision, fields: [{ path: '/name', action: 'correct', value: 'Bright Ltd' }] });
    expect(reviewed.job.review.reviewed_data.name).toBe('Bright Ltd');
    const approved = await tool(http, 'approve_review', { job_id: job.id, revision: reviewed.job.review.revision });
    expect(approved.job.review.status).toBe('approved');
  }, 120_000);

  it('completes 50 concurrent extract calls over one session', async () => {
    provider.reset();
    provider.respondWith(() => ({ ...answer('Many', 0.99), delayMs: 50 }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => tool(http, 'extract', { extractor_name: 'mcp-plain', text: `Many ${i}, total 12.50`, wait_seconds: 120 })),
    );
    expect(answers.map((a) => a.job.status)).toEqual(Array(50).fill('completed'));
    expect(new Set(answers.map((a) => a.job.id)).size).toBe(50);
  }, 240_000);
});

describe('MCP with tokens', () => {
  let guarded: TestStack;
  beforeAll(async () => {
    guarded = await startTestStack({ batches: true, worker: false, env: { SERVICE_API_TOKENS: 'mcp-admin-token:admin,mcp-client-token:client' } });
  }, 60_000);
  afterAll(async () => guarded?.close());

  it('refuses /mcp without a token (401), and lists a client token no review or batch tools', async () => {
    const bare = await fetch(`${guarded.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }),
    });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { code: string }).code).toBe('unauthorized');

    const saved = base;
    base = guarded.url;
    try {
      const asClient = await connectHttp('mcp-client-token');
      const clientTools = (await asClient.listTools()).tools.map((t) => t.name).sort();
      expect(clientTools).toEqual(['cancel_job', 'extract', 'get_extractor', 'get_job', 'list_extractors', 'list_parsers', 'parse', 'upload_file']);
      expect(clientTools.filter((t) => REVIEW_TOOLS.includes(t))).toEqual([]);
      await asClient.close();
      const asAdmin = await connectHttp('mcp-admin-token');
      expect((await asAdmin.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
      await asAdmin.close();
    } finally {
      base = saved;
    }
  });
});

describe('MCP over stdio (docextract mcp)', () => {
  it('connects to `docextract mcp`, lists the tools and uploads a local file by path', async () => {
    const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'bin', 'docextract.mjs'), 'mcp'],
      env: { ...(process.env as Record<string, string>), DOCEXTRACT_URL: base },
      cwd: REPO_ROOT,
      stderr: 'pipe',
    });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
      const receipt = path.join(REPO_ROOT, 'examples', 'receipt.pdf');
      const r: any = await client.callTool({ name: 'upload_file', arguments: { path: receipt } });
      expect(r.isError).toBeFalsy();
      expect(r.structuredContent.file).toMatchObject({ filename: 'receipt.pdf', media_type: 'application/pdf' });
    } finally {
      await client.close();
    }
  }, 60_000);
});
