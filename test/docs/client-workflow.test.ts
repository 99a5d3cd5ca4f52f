// Runs the README's client script as a user would, with plain node (examples/client-workflow.mjs runs
// examples/client-workflow.ts, written with the TypeScript client, through tsx), against a test stack
// whose model provider is the scripted server.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';

const SCRIPT = fileURLToPath(new URL('../../examples/client-workflow.mjs', import.meta.url));
const SOURCE = fileURLToPath(new URL('../../examples/client-workflow.ts', import.meta.url));
const CLIENTS_DOC = fileURLToPath(new URL('../../docs/clients.md', import.meta.url));
const EXTRACTOR = 'client-workflow-demo';
const DATA = { merchant: 'Corner Shop', total: 12.5 };

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;
let documentPath: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({
    // The webhook run registers a receiver on 127.0.0.1.
    env: { SERVICE_PROVIDER_INITIAL_INTERVAL_MS: '100', SERVICE_PROVIDER_MAX_INTERVAL_MS: '200', SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' },
  }));
  const put = await call(stack.url, 'PUT', `/v1/extractors/${EXTRACTOR}`, {
    display_name: 'Client workflow demo',
    instructions: 'Extract the merchant and the total.',
    model: 'test-vision-model',
    schema: {
      type: 'object',
      properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
      required: ['merchant', 'total'],
    },
  });
  expect([200, 201]).toContain(put.status);
  dir = mkdtempSync(path.join(tmpdir(), 'client-workflow-'));
  documentPath = path.join(dir, 'receipt.pdf');
  writeFileSync(documentPath, makePdf(['Corner Shop', 'Total 12.50']));
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    // A clean environment: only what the README tells a user to set.
    const env = { PATH: process.env.PATH ?? '', DOCEXTRACT_URL: stack.url };
    execFile(process.execPath, [SCRIPT, ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The ids the script reports, and proof that it deleted both. */
async function expectCleanedUp(stderr: string): Promise<void> {
  const fileId = /uploaded (file_\w+)/.exec(stderr)?.[1];
  const jobId = /created (ejob_\w+)/.exec(stderr)?.[1];
  expect({ fileId, jobId }).toEqual({ fileId: expect.any(String), jobId: expect.any(String) });
  expect(stderr).toContain(`deleted ${jobId}`);
  expect(stderr).toContain(`deleted ${fileId}`);
  expect((await call(stack.url, 'GET', `/v1/extraction-jobs/${jobId}`)).status).toBe(404);
  expect((await call(stack.url, 'GET', `/v1/files/${fileId}`)).status).toBe(404);
}

describe('examples/client-workflow.ts (run by examples/client-workflow.mjs)', () => {
  it('uploads, extracts, prints the data, then deletes the job and the file', async () => {
    provider.reset();
    provider.enqueue({ kind: 'content', content: JSON.stringify(DATA), delayMs: 600 });
    const run = await runScript([documentPath, '--extractor', EXTRACTOR, '--deadline-seconds', '30']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(JSON.parse(run.stdout)).toEqual(DATA);
    // It polled (the model answered after a delay) and saw the job finish.
    expect(run.stderr).toMatch(/ejob_\w+ completed/);
    expect(provider.requests).toHaveLength(1);
    await expectCleanedUp(run.stderr);
  });

  it('reports a failed job with its error code, exits 1, and still cleans up', async () => {
    provider.reset();
    provider.enqueue({ kind: 'error', status: 400 });
    const run = await runScript([documentPath, '--extractor', EXTRACTOR, '--deadline-seconds', '30']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/error: ejob_\w+ failed: provider_rejected/);
    await expectCleanedUp(run.stderr);
  });

  it('with --webhook-port: receives and verifies the job\'s signed webhook, then reads the result and removes its endpoint', async () => {
    provider.reset();
    provider.enqueue({ kind: 'content', content: JSON.stringify(DATA), delayMs: 300 });
    const run = await runScript([documentPath, '--extractor', EXTRACTOR, '--deadline-seconds', '60', '--webhook-port', '0']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(JSON.parse(run.stdout)).toEqual(DATA);
    const jobId = /created (ejob_\w+)/.exec(run.stderr)?.[1];
    expect(run.stderr).toContain(`webhook extraction_job.completed for ${jobId}`);
    const endpointId = /\((whep_\w+)\)/.exec(run.stderr)?.[1];
    expect(endpointId).toBeDefined();
    expect(run.stderr).toContain(`deleted ${endpointId}`);
    expect((await call(stack.url, 'GET', `/v1/webhook-endpoints/${endpointId}`)).status).toBe(404);
    await expectCleanedUp(run.stderr);
  });

  it('explains its usage when called without a file', async () => {
    const run = await runScript([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: node examples/client-workflow.mjs');
  });

  it('is what docs/clients.md shows: its "Client workflow" code block is part of the script', () => {
    const section = readFileSync(CLIENTS_DOC, 'utf8').split(/^## Client workflow$/m)[1]!.split(/^## /m)[0]!;
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBeDefined();
    expect(block!.length).toBeGreaterThan(500);
    expect(readFileSync(SOURCE, 'utf8')).toContain(block!);
    // It uses the client, not hand-written fetch calls.
    expect(block).toContain('client.uploadFile(');
    expect(block).toContain('client.waitForJob(');
  });
});
