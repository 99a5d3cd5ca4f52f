// `docextract batch …` as a user runs it (bin/docextract.mjs in a real process) against the real
// stack: uploads, one batch, live counts on stderr, results as JSON lines; `batch results` later.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { customIdsOf } from '../../src/cli/batch.js';
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
  ({ stack, provider } = await startStackWithProvider({ batches: true }));
  const put = await call(stack.url, 'PUT', '/v1/extractors/cli-batch', {
    display_name: 'CLI batch',
    instructions: 'Extract the title.',
    model: 'test-vision-model',
    schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'] },
  });
  expect(put.status).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-batch-cli-'));
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOCEXTRACT_URL: stack.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('docextract batch', () => {
  it('custom ids are the file names, made unique and short when they are not', () => {
    expect(customIdsOf(['a/x.pdf', 'b/y.pdf'])).toEqual(['x.pdf', 'y.pdf']);
    expect(customIdsOf(['a/x.pdf', 'b/x.pdf'])).toEqual(['0-x.pdf', '1-x.pdf']);
    expect(customIdsOf([`${'n'.repeat(80)}.pdf`])[0]).toHaveLength(64);
  });

  it('batch extract uploads, creates one batch, shows counts and writes the results; batch results reads them again', async () => {
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T' }) }));
    const files = ['one.pdf', 'two.pdf'].map((name) => {
      writeFileSync(path.join(dir, name), makePdf([name]));
      return name;
    });
    writeFileSync(path.join(dir, 'three.txt'), 'Title: three');
    const run = await cli(['batch', 'extract', '-e', 'cli-batch', ...files, 'three.txt', '--out', 'results.jsonl']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringContaining('uploaded 3/3') });
    const batchId = /created (batch_\w+)/.exec(run.stderr)?.[1];
    expect(batchId).toBeDefined();
    expect(run.stderr).toContain(`${batchId} completed: 3 completed, 0 failed`);
    const lines = readFileSync(path.join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.custom_id)).toEqual(['one.pdf', 'two.pdf', 'three.txt']);
    expect(lines.every((l) => l.status === 'completed' && l.result.data.title === 'T')).toBe(true);

    const again = await cli(['batch', 'results', batchId!]);
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n').map((l) => JSON.parse(l).custom_id)).toEqual(['one.pdf', 'two.pdf', 'three.txt']);
  }, 180_000);
});
