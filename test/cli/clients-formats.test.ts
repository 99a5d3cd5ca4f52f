// Issue 52 (deliverables 1-3) as a user runs the command line (bin/docextract.mjs in a real process)
// against the real stack: every format uploaded as a file by `batch extract`, an e-mail's attachment
// files listed by `extract`, a packet's split reviewed by `review … cjob_…`, and the server named.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf } from '../fixtures/documents.js';
import { call, startStackWithProvider } from '../api/job-helpers.js';
import { classificationPage, classificationStep, type ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'docextract.mjs');
const FORMATS = path.join(ROOT, 'test', 'fixtures', 'formats');

let stack: TestStack;
let provider: ScriptedProvider;
let dir: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ batches: true, env: { SERVICE_RENDER_DPI: '40' } }));
  provider.respondWith((r) => (classificationPage(r) ? classificationStep(r) : { kind: 'content', content: JSON.stringify({ title: 'T' }) }));
  const put = await call(stack.url, 'PUT', '/v1/extractors/formats-title', {
    display_name: 'Title',
    instructions: 'Extract the title.',
    model: 'test-vision-model',
    schema: { type: 'object', properties: { title: { type: ['string', 'null'] } }, required: ['title'] },
  });
  expect(put.status).toBe(201);
  const classes = [
    { name: 'invoice', description: 'An invoice.' },
    { name: 'letter', description: 'A letter.' },
  ];
  expect((await call(stack.url, 'PUT', '/v1/classifiers/formats-packet', { display_name: 'Packet', model: 'test-vision-model', classes, review_threshold: 0.8 })).status).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), 'docextract-formats-cli-'));
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = { DOCEXTRACT_URL: stack.url }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('one upload path', () => {
  it('batch extract uploads DOCX, XLSX, EML, TIFF, WEBP and PPTX as files: every item is a file item, none text', async () => {
    const files = ['docling-lorem_ipsum.docx', 'table-sample.xlsx', 'unstructured-fake-email-attachment.eml', 'pillow-hopper_g4.tif', 'pillow-hopper.webp', 'python-pptx-tbl-cell.pptx'];
    for (const f of files) copyFileSync(path.join(FORMATS, f), path.join(dir, f));
    const run = await cli(['batch', 'extract', '-e', 'formats-title', ...files, '--out', 'formats.jsonl']);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: expect.stringContaining('uploaded 6/6') });
    expect(run.stderr).not.toContain('NUL');
    // The e-mail's attachment became a file of its own, named on stderr.
    expect(run.stderr).toMatch(/^ {2}attachment fake-attachment\.txt: file_\w+ \(\w+\)$/m);
    const batchId = /created (batch_\w+)/.exec(run.stderr)![1]!;
    const lines = (await (await fetch(`${stack.url}/v1/batches/${batchId}/results`)).text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.custom_id)).toEqual(files);
    for (const line of lines) {
      const job = (await call(stack.url, 'GET', `/v1/extraction-jobs/${line.job_id}`)).body as { file_id: string | null; source_text?: string | null };
      expect(job.file_id).toMatch(/^file_/);
      expect(job.source_text).toBeNull();
    }
    const kinds = await Promise.all(
      lines.map(async (l) => {
        const job = (await call(stack.url, 'GET', `/v1/extraction-jobs/${l.job_id}`)).body as { file_id: string };
        return ((await call(stack.url, 'GET', `/v1/files/${job.file_id}`)).body as { media_type: string }).media_type;
      }),
    );
    expect(kinds).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'message/rfc822',
      'image/tiff',
      'image/webp',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ]);
  }, 300_000);

  it('extract of an e-mail lists its attachment files and says which file it extracted', async () => {
    copyFileSync(path.join(FORMATS, 'unstructured-fake-email-attachment.eml'), path.join(dir, 'mail.eml'));
    const run = await cli(['extract', 'mail.eml', '-e', 'formats-title']);
    expect(run.code).toBe(0);
    const fileId = /^uploaded (file_\w+)$/m.exec(run.stderr)![1]!;
    const record = (await call(stack.url, 'GET', `/v1/files/${fileId}`)).body as { attachment_file_ids: string[] };
    expect(record.attachment_file_ids).toHaveLength(1);
    expect(run.stderr).toContain('mail.eml is an e-mail with 1 attachment file:');
    expect(run.stderr).toContain(`  attachment fake-attachment.txt: ${record.attachment_file_ids[0]} (`);
    expect(run.stderr).toContain(`extracting ${fileId} (the e-mail itself`);
    expect(JSON.parse(run.stdout)).toEqual({ title: 'T' });
  }, 120_000);

  it('--text sends the contents as text (no upload)', async () => {
    writeFileSync(path.join(dir, 'note.txt'), 'Title: a note');
    const run = await cli(['extract', 'note.txt', '--text', '-e', 'formats-title', '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('uploaded');
    expect(JSON.parse(run.stdout)).toMatchObject({ file_id: null });
  }, 120_000);
});

describe('review of a packet split by its cjob_ id', () => {
  it('show prints segments and flags; correct --segments sends a split; approve approves it', async () => {
    const pages: Array<[string, boolean, number]> = [
      ['invoice', true, 0.9],
      ['invoice', false, 0.95],
      ['letter', true, 0.7],
    ];
    writeFileSync(path.join(dir, 'packet.pdf'), makePdf(pages.map(([c, s, p], i) => `Page ${i + 1}\nclass: ${c}\nstarts: ${s ? 'yes' : 'no'}\nprobs: ${p}`), { fontSize: 18 }));
    const classified = await cli(['classify', 'packet.pdf', '-c', 'formats-packet', '--split']);
    expect(classified.code).toBe(0);
    const id = /created (cjob_\w+)/.exec(classified.stderr)![1]!;
    expect(classified.stderr).toContain(`${id} is in review`);

    const listed = await cli(['review', 'list']);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\tpending\\trevision 1\\t1 flag\\t`, 'm'));

    const shown = await cli(['review', 'show', id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`${id}\tpending\trevision 1\t2 segments\t1 flag`);
    expect(shown.stdout).toContain('  segment 0\tinvoice\tpages 1-2\t0.900');
    expect(shown.stdout).toContain('  segment 1\tletter\tpage 3\t0.700\tflagged: low_confidence');

    const corrected = await cli(['review', 'correct', id, '--segments', 'invoice:1,invoice:2-3']);
    expect({ code: corrected.code, stdout: corrected.stdout }).toEqual({ code: 0, stdout: `${id}\tpending\trevision 2\n` });
    const bad = await cli(['review', 'correct', id, '--segments', 'invoice:1']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error invalid_segments: /m);
    expect(bad.stderr).toContain(`  server: ${stack.url}`);

    const approved = await cli(['review', 'approve', id]);
    expect({ code: approved.code, stdout: approved.stdout }).toEqual({ code: 0, stdout: `${id}\tapproved\trevision 3\n` });
    const job = (await call(stack.url, 'GET', `/v1/classification-jobs/${id}`)).body as any;
    expect(job.review).toMatchObject({ status: 'approved', reviewed_segments: [{ class: 'invoice', pages: { start: 1, end: 1 } }, { class: 'invoice', pages: { start: 2, end: 3 } }] });
  }, 180_000);
});

describe('the server is named', () => {
  it('without DOCEXTRACT_URL the default server is said once on stderr; errors from a server name it', async () => {
    const run = await cli(['extractors', 'get', 'no-such-extractor'], {});
    expect(run.code).toBe(1);
    const said = run.stderr.split('\n').filter((l) => l === 'docextract: using http://127.0.0.1:8000 (DOCEXTRACT_URL not set)');
    expect(said).toHaveLength(1);
    expect(run.stderr).toContain('  server: http://127.0.0.1:8000');

    const set = await cli(['extractors', 'get', 'no-such-extractor']);
    expect(set.code).toBe(1);
    expect(set.stderr).not.toContain('DOCEXTRACT_URL not set');
    expect(set.stderr).toMatch(/^error not_found: .+$/m);
    expect(set.stderr).toContain(`  server: ${stack.url}`);
  }, 60_000);
});
