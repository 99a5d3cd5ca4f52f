// The trust-loop guide (docs/first-review-to-straight-through.md, issue 52) runs as written: its
// "whole loop as one script" block, run by bash with `npx docextract` being this repository's CLI,
// against a real stack whose model is scripted (two invoices it is unsure of, two it is sure of).
// The stack has a database of its own: other files on this Jest worker leave their own `invoice`
// extractor and jobs waiting in review, which the guide's "approve every review" would see.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import { jsonTokens, type ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GUIDE = path.join(ROOT, 'docs', 'first-review-to-straight-through.md');
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;

/** The guide's script: the sh block after the `<!-- trust-loop-script -->` marker. */
export function guideScript(markdown: string): string {
  const at = markdown.indexOf('<!-- trust-loop-script -->');
  const block = /```sh\n([\s\S]*?)```/.exec(markdown.slice(at));
  if (at < 0 || !block) throw new Error('the guide has no trust-loop-script block');
  return block[1]!;
}

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ ownDatabase: true }));
  // Invoice N's text says whether the model is sure of it: its values' tokens get that probability.
  provider.respondWith((req) => {
    const text = JSON.stringify(req.body);
    const n = Number(/INV-(\d+)/.exec(text)?.[1] ?? 0);
    const sure = !/unsure/.test(text);
    const content = JSON.stringify({ number: `INV-${n}`, total: n * 100 });
    return { kind: 'content', content, logprobs: jsonTokens(content, (_t, isValue) => (isValue ? (sure ? 0.999 : 0.5) : 1)) };
  });
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-trust-loop-'));
  mkdirSync(path.join(dir, 'invoices'));
  for (const [n, sure] of [[1, true], [2, false], [3, true], [4, false]] as const) {
    writeFileSync(path.join(dir, 'invoices', `inv-${n}.pdf`), makePdf([`INV-${n}${sure ? '' : ' unsure'}\nTotal ${n * 100}`], { fontSize: 18 }));
  }
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function bash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // `npx docextract …` as in the guide, without npx's own start-up: a function running this CLI.
  const prelude = `npx() { if [ "$1" = docextract ]; then shift; "${process.execPath}" "${BIN}" "$@"; else command npx "$@"; fi; }\n`;
  const child = spawn('bash', ['-c', prelude + script], {
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

describe('the trust-loop guide', () => {
  it('runs end to end as written: extractor created, reviews approved, every job an item, a run, thresholds applied', async () => {
    const run = await bash(guideScript(readFileSync(GUIDE, 'utf8')));
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toContain('extractor invoice: created');
    // Each "approve as example" is a new version of the extractor, said on stderr.
    expect(run.stderr).toMatch(/^added as an example of extractor invoice: version \d+ -> \d+$/m);
    const items = (await call(stack.url, 'GET', '/v1/evaluation-sets/invoices/items?limit=100')).body as Array<{ from_job_id: string; expected_output: unknown }>;
    expect(items).toHaveLength(4);
    expect(items.map((i) => i.expected_output).sort((a: any, b: any) => a.total - b.total)).toEqual([1, 2, 3, 4].map((n) => ({ number: `INV-${n}`, total: n * 100 })));
    const runs = JSON.parse(readFileSync(path.join(dir, 'run.json'), 'utf8')) as { status: string };
    expect(runs.status).toBe('completed');
    const extractor = (await call(stack.url, 'GET', '/v1/extractors/invoice')).body as { review_thresholds: unknown; examples: unknown[] };
    expect(extractor.examples).toHaveLength(2);
    expect(extractor.review_thresholds).not.toBeNull();
  }, 400_000);
});
