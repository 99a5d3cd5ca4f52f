// `docextract eval import FOLDER --set NAME [--extractor X] [--run]` (issue 52, deliverable 5) as a user
// runs it (bin/docextract.mjs) against the real stack: a folder of scans with their JSON answers
// becomes a set whose expected outputs are the files; a second import skips what is there; an
// answer that does not fit the extractor's schema is named with its path and nothing is imported.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labelledPairs } from '../../src/cli/evaluate-import.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;

const answers: Record<string, { merchant: string; total: number }> = {
  'scan-1.png': { merchant: 'Shop 1', total: 10 },
  'scan-2.png': { merchant: 'Shop 2', total: 20 },
  'scan-3.pdf': { merchant: 'Shop 3', total: 30 },
};

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ merchant: 'Shop 1', total: 10 }) }));
  const put = await call(stack.url, 'PUT', '/v1/extractors/import-receipt', {
    display_name: 'Receipt',
    instructions: 'Merchant and total.',
    model: 'test-vision-model',
    schema: { type: 'object', properties: { merchant: { type: 'string' }, total: { type: 'number' } }, required: ['merchant', 'total'], additionalProperties: false },
  });
  expect(put.status).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-eval-import-'));
  const folder = path.join(dir, 'labelled');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'scan-1.png'), makePng(64, 48, [200, 220, 240]));
  writeFileSync(path.join(folder, 'scan-2.png'), makePng(64, 48, [240, 220, 200]));
  writeFileSync(path.join(folder, 'scan-3.pdf'), makePdf(['Receipt 3']));
  writeFileSync(path.join(folder, 'unlabelled.png'), makePng(32, 32, [0, 0, 0]));
  for (const [file, answer] of Object.entries(answers)) writeFileSync(path.join(folder, `${file.replace(/\.\w+$/, '')}.json`), JSON.stringify(answer));
}, 180_000);

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

const itemsOf = async (set: string) => (await call(stack.url, 'GET', `/v1/evaluation-sets/${set}/items?limit=100`)).body as any[];

describe('docextract eval import', () => {
  it('pairs each document with the JSON of its name', () => {
    expect(labelledPairs(['b.pdf', 'b.json', 'a.png', 'a.json', 'c.tiff', 'notes.json', '.hidden', 'README'])).toEqual([
      { document: 'a.png', answer: 'a.json' },
      { document: 'b.pdf', answer: 'b.json' },
    ]);
  });

  it('makes a set (created when missing) whose expected outputs are the JSON files; a second import skips them and --run runs', async () => {
    const first = await cli(['eval', 'import', 'labelled', '--set', 'scans', '--extractor', 'import-receipt']);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: expect.stringContaining('created evaluation set scans') });
    expect(first.stderr).toContain('scans: 3 imported, 0 already there');
    const items = await itemsOf('scans');
    expect(items).toHaveLength(3);
    const byNote = Object.fromEntries(items.map((i) => [i.note, i]));
    for (const [file, answer] of Object.entries(answers)) {
      const item = byNote[`imported from ${file}`];
      expect(item.expected_output).toEqual(answer);
      expect(item.text).toBeNull();
      const record = (await call(stack.url, 'GET', `/v1/files/${item.file_id}`)).body as { filename: string };
      expect(record.filename).toBe(file);
    }

    const again = await cli(['eval', 'import', 'labelled', '--set', 'scans', '--extractor', 'import-receipt', '--run']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('scans: 0 imported, 3 already there');
    expect(again.stderr).toMatch(/skipped 1\/3 scan-1\.png \(already imported\)/);
    expect(again.stderr).toMatch(/evaluation run evrun_\w+ created/);
    expect(again.stdout).toMatch(/\/merchant/);
    expect(await itemsOf('scans')).toHaveLength(3);
  }, 240_000);

  it('an answer that does not fit the schema is named with its path, and nothing is imported', async () => {
    const folder = path.join(dir, 'wrong');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'a.png'), makePng(16, 16, [1, 2, 3]));
    writeFileSync(path.join(folder, 'a.json'), JSON.stringify({ merchant: 'A', total: '12' }));
    writeFileSync(path.join(folder, 'b.png'), makePng(16, 16, [3, 2, 1]));
    writeFileSync(path.join(folder, 'b.json'), JSON.stringify({ merchant: 'B', total: 3 }));
    const run = await cli(['eval', 'import', 'wrong', '--set', 'wrong-set', '--extractor', 'import-receipt']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error expected_output_mismatch: 1 problem in the answers/m);
    expect(run.stderr).toMatch(/^ {2}a\.json: \/total: .+$/m);
    expect((await call(stack.url, 'GET', '/v1/evaluation-sets/wrong-set')).status).toBe(404);
  }, 60_000);
});
