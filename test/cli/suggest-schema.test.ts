// `docextract suggest-schema FILES… [--instructions …] [--out schema.json]` (issue 51) as a user runs
// it (bin/docextract.mjs) against a real stack with the scripted model: the files uploaded, the
// suggestion waited for, its schema printed or written, and an invalid suggestion's code reported.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_RENDER_DPI: '40' } }));
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-suggest-cli-'));
  writeFileSync(path.join(dir, 'a.pdf'), makePdf(['Invoice A-1 Total 10.00'], { fontSize: 20 }));
  writeFileSync(path.join(dir, 'b.pdf'), makePdf(['Invoice B-2 Total 20.00'], { fontSize: 20 }));
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => provider.reset());

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOCEXTRACT_URL: stack.url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const SCHEMA = { type: 'object', properties: { number: { type: 'string' }, total: { type: 'number' } }, required: ['number'], additionalProperties: false };

describe('docextract suggest-schema', () => {
  it('uploads the files, waits, and writes a schema that makes an extractor as it is', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ schema: SCHEMA, field_notes: [{ path: '/total', description: 'The amount due' }] }) }));
    const run = await cli(['suggest-schema', 'a.pdf', 'b.pdf', '--instructions', 'Supplier invoices', '--out', 'schema.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr.match(/^uploaded file_\w+/gm)).toHaveLength(2);
    expect(run.stderr).toMatch(/^created sug_\w+$/m);
    expect(run.stderr).toContain('/total: The amount due');
    expect(run.stderr).toContain('wrote schema.json');
    const schema = JSON.parse(readFileSync(path.join(dir, 'schema.json'), 'utf8'));
    expect(schema.required).toEqual(['number', 'total']);
    expect(schema.properties.total.type).toEqual(['number', 'null']);
    // Both files' pages went to the model with the instructions.
    const body = JSON.stringify(provider.requests[0]!.body.messages);
    expect(body).toContain('Supplier invoices');
    expect(body).toContain('a.pdf');
    expect(body).toContain('b.pdf');
    const put = await call(stack.url, 'PUT', '/v1/extractors/from-cli', { display_name: 'From the CLI', instructions: '', model: 'generic-vision-model', schema });
    expect(put.status).toBe(201);
  }, 120_000);

  it('prints the schema on stdout without --out, the whole result with --json', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ schema: SCHEMA, field_notes: [] }) }));
    const plain = await cli(['suggest-schema', 'a.pdf']);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).properties.number).toEqual({ type: 'string' });
    const full = await cli(['suggest-schema', 'a.pdf', '--json']);
    expect(full.code).toBe(0);
    expect(Object.keys(JSON.parse(full.stdout)).sort()).toEqual(['field_notes', 'instructions', 'rules', 'schema']);
  }, 120_000);

  it('says suggestion_invalid and exits non-zero when no valid schema comes back', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ schema: { type: 'object', properties: { d: { type: 'date' } } }, field_notes: [] }) }));
    const run = await cli(['suggest-schema', 'a.pdf']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/error suggestion_invalid: sug_\w+ failed/);
    expect(run.stdout).toBe('');
    expect(provider.requests).toHaveLength(2);
  }, 120_000);
});
