// `docextract eval create-set|add|run|show|compare` as a user runs it (bin/docextract.mjs) against a
// real stack with the scripted model: progress lines on stderr, the field table worst first.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import type { RecordedRequest, ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');
const SCHEMA = {
  type: 'object',
  properties: { merchant: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
  required: ['merchant', 'total'],
  additionalProperties: false,
};

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  const put = await call(stack.url, 'PUT', '/v1/extractors/cli-eval', { display_name: 'CLI eval', instructions: 'Extract.', model: 'test-vision-model', schema: SCHEMA });
  expect(put.status).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-eval-cli-'));
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

const receiptOf = (r: RecordedRequest) => Number(/Receipt (\d)/.exec(JSON.stringify(r.body.messages))?.[1] ?? 0);

describe('docextract eval', () => {
  it('creates a set, adds items, runs it with progress and prints the field table worst first; show and compare', async () => {
    const created = await cli(['eval', 'create-set', 'cli-set', '--display-name', 'CLI set']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'cli-set', display_name: 'CLI set', item_count: 0 });
    for (const k of [1, 2]) {
      writeFileSync(path.join(dir, `r${k}.txt`), `Receipt ${k}`);
      writeFileSync(path.join(dir, `r${k}.json`), JSON.stringify({ merchant: `Shop ${k}`, total: k * 10 }));
      const added = await cli(['eval', 'add', 'cli-set', `r${k}.txt`, '--text', '--expected', `r${k}.json`]);
      expect(added.code).toBe(0);
      expect(JSON.parse(added.stdout)).toMatchObject({ text: `Receipt ${k}`, expected_output: { merchant: `Shop ${k}`, total: k * 10 } });
    }

    // Receipt 2's merchant is wrong: /merchant is the worse field.
    provider.respondWith((req) => ({ kind: 'content', content: JSON.stringify({ merchant: receiptOf(req) === 2 ? 'Nope' : 'Shop 1', total: receiptOf(req) * 10 }), delayMs: 300 }));
    const first = await cli(['eval', 'run', 'cli-set', '-e', 'cli-eval']);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/evrun_\w+ completed 2\/2 items/) });
    const runId = /evaluation run (evrun_\w+) created/.exec(first.stderr)![1]!;
    const lines = first.stdout.trim().split('\n');
    expect(lines[0]).toBe(`run ${runId}  completed  items 2 completed, 0 failed of 2`);
    expect(lines.slice(2).map((l) => l.split(/\s+/))).toEqual([
      ['field', 'n', 'precision', 'recall', 'f1', 'accuracy'],
      ['/merchant', '2', '50.0%', '50.0%', '50.0%', '50.0%'],
      ['/total', '2', '100.0%', '100.0%', '100.0%', '100.0%'],
      ['overall', '4', '75.0%', '75.0%', '75.0%', '75.0%'],
    ]);

    const shown = await cli(['eval', 'show', runId]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('/merchant: expected "Shop 2", got "Nope"');

    provider.respondWith((req) => ({ kind: 'content', content: JSON.stringify({ merchant: `Shop ${receiptOf(req)}`, total: receiptOf(req) * 10 }) }));
    const second = await cli(['eval', 'run', 'cli-set', '-e', 'cli-eval', '--json']);
    expect(second.code).toBe(0);
    const run2 = JSON.parse(second.stdout);
    expect(run2.report.overall.accuracy).toBe(1);
    const cmp = await cli(['eval', 'compare', run2.id, runId]);
    expect(cmp.code).toBe(0);
    expect(cmp.stdout).toContain('regressions (0)');
    expect(cmp.stdout).toMatch(/fixes \(1\)\n {2}evitem_\w+ \/merchant: "Nope" → "Shop 2"/);
    expect(cmp.stdout).toMatch(/\/merchant\s+\+50\.0\s+\+50\.0/);

    // Thresholds: the scripted model gave no token probabilities, so no field has values with a
    // confidence (n 0, no threshold) and nothing holds a document back.
    const thresholds = await cli(['eval', 'thresholds', run2.id, '--target', '0.9']);
    expect(thresholds.code).toBe(0);
    const rows = thresholds.stdout.trim().split('\n');
    expect(rows.slice(0, 3).map((l) => l.split(/\s+/))).toEqual([
      ['field', 'threshold', 'precision', 'auto-accept', 'n'],
      ['/merchant', '-', '-', '0.0%', '0'],
      ['/total', '-', '-', '0.0%', '0'],
    ]);
    expect(rows[3]).toBe('target precision 90.0%: 100.0% of 2 documents pass untouched');
    const version = (await call(stack.url, 'GET', '/v1/extractors/cli-eval')).body.version;
    const applied = await cli(['eval', 'thresholds', run2.id, '--target', '0.9', '--apply', '--json']);
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.stdout)).toMatchObject({ target_precision: 0.9, items_total: 2, applied_version: version + 1 });
    expect((await call(stack.url, 'GET', '/v1/extractors/cli-eval')).body.review_thresholds).toEqual({ '/merchant': null, '/total': null });
    const bad = await cli(['eval', 'thresholds', run2.id, '--target', '1.5']);
    expect(bad.code).not.toBe(0);
  }, 180_000);
});
