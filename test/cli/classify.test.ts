// `docextract classify FILE --classifier NAME [--split] [--route]` (issue 44, deliverable 7) as a user
// runs it (bin/docextract.mjs) against a real stack with the scripted model: progress in pages on
// stderr, the result on stdout, routed segments' extraction jobs, a split left in review said so,
// and mistakes refused before anything is uploaded.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import { call, pollJob, startStackWithProvider } from '../api/job-helpers.js';
import { classificationPage, classificationStep, type ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;
let packet: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_PAGE_CONCURRENCY: '2', SERVICE_RENDER_DPI: '40' } }));
  // Classification answers come slowly enough (two rounds of two pages) for a progress line between the first page and the last.
  provider.respondWith((r) => (classificationPage(r) ? classificationStep(r, { delayMs: 900 }) : { kind: 'content', content: JSON.stringify({ title: 'A title' }) }));
  const extractor = await call(stack.url, 'PUT', '/v1/extractors/cli-title', {
    display_name: 'Title',
    instructions: 'The title.',
    model: 'generic-vision-model',
    schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
  });
  expect(extractor.status).toBe(201);
  const classes = [
    { name: 'invoice', description: 'An invoice.', extractor_name: 'cli-title' },
    { name: 'letter', description: 'A letter.' },
  ];
  expect((await call(stack.url, 'PUT', '/v1/classifiers/cli-packet', { display_name: 'CLI packet', model: 'generic-vision-model', classes })).status).toBe(201);
  expect((await call(stack.url, 'PUT', '/v1/classifiers/cli-packet-reviewed', { display_name: 'CLI packet reviewed', model: 'generic-vision-model', classes, review_threshold: 0.8 })).status).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-classify-cli-'));
  packet = path.join(dir, 'packet.pdf');
  const pages: Array<[string, boolean, number]> = [
    ['invoice', true, 0.9],
    ['invoice', false, 0.95],
    ['letter', true, 0.7],
    ['invoice', true, 0.85],
  ];
  writeFileSync(packet, makePdf(pages.map(([c, s, p], i) => `Page ${i + 1}\nclass: ${c}\nstarts: ${s ? 'yes' : 'no'}\nprobs: ${p}`), { fontSize: 18 }));
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOCEXTRACT_URL: stack.url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const fileIds = async () => ((await call(stack.url, 'GET', '/v1/files?limit=100')).body as { id: string }[]).map((f) => f.id);

describe('docextract classify', () => {
  it('--split --route prints the segments with their routed extraction jobs, with progress in pages on stderr', async () => {
    const run = await cli(['classify', packet, '--classifier', 'cli-packet', '--split', '--route']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/^uploaded file_\w+$/m) });
    const id = /created (cjob_\w+)/.exec(run.stderr)![1]!;
    // One plain line per change: pages counted as they are classified, up to all four.
    const progress = run.stderr.split('\n').filter((l) => l.startsWith(`${id} `) && l.endsWith(' pages'));
    expect(progress[progress.length - 1]).toBe(`${id} completed 4/4 pages`);
    expect(run.stderr).toMatch(new RegExp(`^${id} completed$`, 'm'));
    expect(progress.some((l) => /running [123]\/4 pages/.test(l))).toBe(true);
    expect(run.stderr).not.toMatch(/\x1b\[/);
    const result = JSON.parse(run.stdout);
    expect(result.segments.map((s: any) => [s.class, s.pages.start, s.pages.end, s.confidence])).toEqual([
      ['invoice', 1, 2, 0.9],
      ['letter', 3, 3, 0.7],
      ['invoice', 4, 4, 0.85],
    ]);
    // The invoices are routed (the letter's class has no extractor): extraction jobs over their pages.
    const routed = result.segments.map((s: any) => s.extraction_job_id);
    expect(routed[1]).toBeNull();
    for (const [i, pages] of [[0, { start: 1, end: 2 }], [2, { start: 4, end: 4 }]] as const) {
      const job = (await pollJob(stack.url, `/v1/extraction-jobs/${routed[i]}`, undefined, 60_000)).pop();
      expect([job.status, job.pages, job.classification_job_id]).toEqual(['completed', pages, id]);
    }
  }, 120_000);

  it('without --split classes the file as one document; --json prints the whole job', async () => {
    const run = await cli(['classify', packet, '-c', 'cli-packet', '--json']);
    expect(run.code).toBe(0);
    const job = JSON.parse(run.stdout);
    expect(job).toMatchObject({ status: 'completed', mode: 'document', route: false, result: { class: 'invoice', confidence: 0.85 } });
  }, 120_000);

  it('classifies text from stdin, pages separated by form feeds, without uploading it', async () => {
    const before = await fileIds();
    const text = ['class: letter starts: yes probs: 0.6', 'class: letter starts: no', 'class: invoice starts: yes probs: 0.75'].join('\f');
    const run = await cli(['classify', '-', '--classifier', 'cli-packet', '--split', '--json'], text);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('uploaded');
    const job = JSON.parse(run.stdout);
    expect(job).toMatchObject({ file_id: null, source_text: text, progress: { pages_total: 3, pages_completed: 3 } });
    expect(job.result.segments.map((s: any) => [s.class, s.pages.start, s.pages.end, s.confidence])).toEqual([
      ['letter', 1, 2, 0.6],
      ['invoice', 3, 3, 0.75],
    ]);
    expect(await fileIds()).toEqual(before);
  }, 120_000);

  it('says when the split waits in review', async () => {
    const run = await cli(['classify', packet, '--classifier', 'cli-packet-reviewed', '--split']);
    expect(run.code).toBe(0);
    const id = /created (cjob_\w+)/.exec(run.stderr)![1]!;
    expect(run.stderr).toContain(`${id} is in review: a segment is under the classifier's review_threshold`);
    expect(JSON.parse(run.stdout).flags).toEqual([{ segment: 1, reasons: ['low_confidence'], confidence: 0.7 }]);
  }, 120_000);

  it('refuses --route without --split and an unknown classifier before uploading anything', async () => {
    const before = await fileIds();
    const route = await cli(['classify', packet, '--classifier', 'cli-packet', '--route']);
    expect(route.code).toBe(1);
    expect(route.stderr).toMatch(/^error bad_request: --route needs --split/m);
    const unknown = await cli(['classify', packet, '--classifier', 'no-such-classifier', '--split']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^error not_found: .+/m);
    expect(unknown.stderr).not.toContain('uploaded');
    expect(await fileIds()).toEqual(before);
  }, 60_000);
});
