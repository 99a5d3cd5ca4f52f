// Parse for retrieval (issue 41) through the real API, worker, Postgres and Temporal: the scripted
// provider answers known Markdown for each page of a PDF whose text layer prints the same text.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { createDocextractClient } from '../../clients/typescript/index.js';
import type { Word } from '../../src/documents/index.js';
import { readPageWords } from '../../src/documents/this-thread.js';
import { makePdf } from '../fixtures/documents.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, pageOfRequest, pollJob, startStackWithProvider, upload } from './job-helpers.js';

/** One block of a page: the Markdown the model answers and the lines the PDF prints for it. */
interface Part {
  md: string;
  lines: string[];
  type: string;
  level?: number;
}

const sentences = Array.from({ length: 12 }, (_, i) => `Rule ${i + 1} says that every team keeps its records for ${i + 3} years.`);
const PAGES: Part[][] = [
  [
    { md: 'ACME Handbook', lines: ['ACME Handbook'], type: 'page_header' },
    { md: '# Overview', lines: ['Overview'], type: 'heading', level: 1 },
    { md: 'The handbook explains the rules. Every team follows them.', lines: ['The handbook explains the rules. Every team follows them.'], type: 'paragraph' },
    { md: '## Prices', lines: ['Prices'], type: 'heading', level: 2 },
    { md: '| Item | Price |\n|---|---|\n| Apple | 3 |\n| Pear, "green" | 4 |', lines: ['Item Price', 'Apple 3', 'Pear, "green" 4'], type: 'table' },
    { md: 'Page 1', lines: ['Page 1'], type: 'page_footer' },
  ],
  [
    { md: 'ACME Handbook', lines: ['ACME Handbook'], type: 'page_header' },
    { md: '| Item | Price |\n|---|---|\n| Plum | 5 |\n| Kiwi | 6 |', lines: ['Item Price', 'Plum 5', 'Kiwi 6'], type: 'table' },
    { md: '## Staff', lines: ['Staff'], type: 'heading', level: 2 },
    { md: '- Alice leads sales', lines: ['Alice leads sales'], type: 'list_item', level: 1 },
    { md: '  - Bob assists Alice', lines: ['Bob assists Alice'], type: 'list_item', level: 2 },
    { md: 'Page 2', lines: ['Page 2'], type: 'page_footer' },
  ],
  [
    { md: 'ACME Handbook', lines: ['ACME Handbook'], type: 'page_header' },
    { md: '# Appendix', lines: ['Appendix'], type: 'heading', level: 1 },
    ...sentences.map((s) => ({ md: s, lines: [s], type: 'paragraph' })),
    { md: 'Page 3', lines: ['Page 3'], type: 'page_footer' },
  ],
];
const markdownOf = (parts: Part[]) => parts.map((p) => p.md).join('\n\n').replace('- Alice leads sales\n\n  - Bob', '- Alice leads sales\n  - Bob');
const pdf = makePdf(PAGES.map((parts) => parts.flatMap((p) => p.lines).join('\n')), { fontSize: 11 });
const words = readPageWords(pdf);

/** The PDF's words grouped by printed line, in order (a line's words share their top). */
function linesOf(pageWords: Word[]): Word[][] {
  const lines: Word[][] = [];
  for (const w of pageWords) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(last[0]!.y0 - w.y0) < 1e-4) last.push(w);
    else lines.push([w]);
  }
  return lines;
}

const BIN = fileURLToPath(new URL('../../bin/docextract.mjs', import.meta.url));

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let jobId: string;
let job: any;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ batches: true }));
  base = stack.url;
  const pageOf = await pageOfRequest(pdf, PAGES.length, stack);
  provider.respondWith((req) => ({ kind: 'content', content: markdownOf(PAGES[pageOf(req) - 1] ?? []), delayMs: 300 }));
  const file = await upload(base, pdf, 'handbook.pdf', 'application/pdf');
  const created = await call(base, 'POST', '/v1/parse-jobs', { file_id: file.body.id });
  jobId = created.body.id;
  // Before the job completes, its chunks, tables and document are not there yet.
  const early = await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks`);
  expect(early.status).toBe(409);
  expect(early.body.code).toBe('job_not_completed');
  const seen = await pollJob(base, `/v1/parse-jobs/${jobId}`);
  job = seen[seen.length - 1];
  expect(job.status).toBe('completed');
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

describe('parse for retrieval', () => {
  it('gives every page its blocks: types, levels, table rows, and boxes holding their words', () => {
    for (const [i, parts] of PAGES.entries()) {
      const page = job.result.pages[i];
      expect(page.blocks.map((b: any) => [b.type, b.level])).toEqual(parts.map((p) => [p.type, p.level ?? null]));
      const lines = linesOf(words[i]!);
      let line = 0;
      for (const [k, part] of parts.entries()) {
        const block = page.blocks[k];
        expect(block.box).not.toBeNull();
        for (const w of lines.slice(line, line + part.lines.length).flat()) {
          expect(block.box.x0).toBeLessThanOrEqual(w.x0);
          expect(block.box.y0).toBeLessThanOrEqual(w.y0);
          expect(block.box.x1).toBeGreaterThanOrEqual(w.x1);
          expect(block.box.y1).toBeGreaterThanOrEqual(w.y1);
        }
        line += part.lines.length;
      }
    }
    expect(job.result.pages[0].blocks[4].table).toEqual({ rows: [['Item', 'Price'], ['Apple', '3'], ['Pear, "green"', '4']], header_rows: 1 });
    expect(job.result.pages[1].blocks[3].text).toBe('Alice leads sales');
  });

  for (const maxTokens of [48, 512]) {
    it(`chunks at ${maxTokens} tokens hold every block's text once, within the limit, with heading paths, pages and boxes`, async () => {
      const r = await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks?max_tokens=${maxTokens}`);
      expect(r.status).toBe(200);
      expect(r.body.tokenizer).toBe('cl100k_base');
      const chunks = r.body.chunks as any[];
      for (const c of chunks) {
        expect(c.token_count).toBe(encode(c.text).length);
        expect(c.token_count).toBeLessThanOrEqual(maxTokens);
      }
      const all = chunks.map((c) => c.text).join('\n\n');
      const once = (s: string) => expect([s, all.split(s).length - 1]).toEqual([s, 1]);
      for (const parts of PAGES) {
        for (const part of parts) {
          if (part.type === 'page_header' || part.type === 'page_footer') expect(all).not.toContain(part.md);
          else if (part.type === 'table') for (const row of part.md.split('\n').slice(2)) once(row);
          else once(part.md.replace(/^\s*(#+|-) /, ''));
        }
      }
      const chunkWith = (s: string) => chunks.find((c) => c.text.includes(s))!;
      expect(chunkWith('Every team follows them.').heading_path).toEqual(['Overview']);
      expect(chunkWith('| Apple | 3 |').heading_path).toEqual(['Overview', 'Prices']);
      expect(chunkWith('| Kiwi | 6 |').pages).toContain(2);
      const bob = chunkWith('Bob assists Alice');
      expect(bob.heading_path).toEqual(['Overview', 'Staff']);
      expect(bob.pages).toEqual([2]);
      expect(bob.boxes).toContainEqual({ page: 2, ...job.result.pages[1].blocks[4].box });
      expect(chunkWith(sentences[11]!).heading_path).toEqual(['Appendix']);
      expect(chunkWith(sentences[11]!).pages).toEqual([3]);
      if (maxTokens === 48) expect(chunks.filter((c) => c.heading_path[0] === 'Appendix').length).toBeGreaterThan(2);
    });
  }

  it('answers 422 for sizes out of range and an overlap not below the size', async () => {
    for (const q of ['max_tokens=31', 'max_tokens=8193', 'max_tokens=64&overlap_tokens=64', 'max_tokens=abc']) {
      const r = await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks?${q}`);
      expect([q, r.status]).toEqual([q, 422]);
    }
    const overlapping = await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks?max_tokens=48&overlap_tokens=8`);
    expect(overlapping.status).toBe(200);
    for (const c of overlapping.body.chunks) expect(c.token_count).toBeLessThanOrEqual(48);
    expect((await call(base, 'GET', '/v1/parse-jobs/pjob_missing/chunks')).status).toBe(404);
  });

  it('joins the table split over two pages into one, and its CSV round-trips', async () => {
    const r = await call(base, 'GET', `/v1/parse-jobs/${jobId}/tables`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(1);
    const [table] = r.body;
    expect(table.index).toBe(0);
    expect(table.pages).toEqual([1, 2]);
    expect(table.boxes.map((b: any) => b.page)).toEqual([1, 2]);
    expect(table.rows).toEqual([['Item', 'Price'], ['Apple', '3'], ['Pear, "green"', '4'], ['Plum', '5'], ['Kiwi', '6']]);
    expect(table.header_rows).toBe(1);

    const csv = await call(base, 'GET', `/v1/parse-jobs/${jobId}/tables/0.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="?pjob_\w+-table-0\.csv"?$/);
    expect(csv.body).toBe('Item,Price\r\nApple,3\r\n"Pear, ""green""",4\r\nPlum,5\r\nKiwi,6\r\n');
    expect(parseCsv(csv.body)).toEqual(table.rows);
    expect((await call(base, 'GET', `/v1/parse-jobs/${jobId}/tables/1.csv`)).status).toBe(404);
  });

  it('gives the whole document as Markdown, HTML, text and JSON, as an attachment', async () => {
    const md = await call(base, 'GET', `/v1/parse-jobs/${jobId}/document`);
    expect(md.body).toBe(job.result.content);
    expect(md.headers.get('content-disposition')).toMatch(/^attachment; filename="?handbook\.md"?$/);
    const html = await call(base, 'GET', `/v1/parse-jobs/${jobId}/document?format=html`);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.body.match(/<section data-page="\d">/g)).toHaveLength(3);
    expect(html.body.match(/<table>/g)).toHaveLength(2);
    const text = await call(base, 'GET', `/v1/parse-jobs/${jobId}/document?format=text`);
    expect(text.body).toContain('Bob assists Alice');
    expect(text.body).not.toContain('ACME Handbook');
    const json = await call(base, 'GET', `/v1/parse-jobs/${jobId}/document?format=json`);
    expect(json.body.pages.map((p: any) => p.blocks)).toEqual(job.result.pages.map((p: any) => p.blocks));
    expect((await call(base, 'GET', `/v1/parse-jobs/${jobId}/document?format=pdf`)).status).toBe(422);
  });

  it("gives a parse batch's results as chunks, one NDJSON line per chunk with its custom_id", async () => {
    const fileId = job.file_id;
    const created = await call(base, 'POST', '/v1/batches', { kind: 'parse', parser_name: 'document-to-markdown', inputs: ['first', 'second'].map((custom_id) => ({ custom_id, file_id: fileId })) });
    expect(created.status).toBe(201);
    await pollJob(base, `/v1/batches/${created.body.id}`, (b) => b.status === 'completed', 120_000);
    const single = (await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks?max_tokens=64`)).body.chunks;
    const r = await fetch(`${base}/v1/batches/${created.body.id}/results?as=chunks&max_tokens=64`);
    expect(r.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await r.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines.map((l) => l.custom_id)).toEqual([...single.map(() => 'first'), ...single.map(() => 'second')]);
    expect(lines.map(({ custom_id, job_id, ...chunk }) => chunk)).toEqual([...single, ...single]);
    expect((await call(base, 'GET', `/v1/batches/${created.body.id}/results?as=chunks&max_tokens=64&overlap_tokens=64`)).status).toBe(422);
  });

  it('is offered by the TypeScript client', async () => {
    const client = createDocextractClient({ baseUrl: base });
    const chunked = await client.parseJobChunks(jobId, { maxTokens: 48, overlapTokens: 4 });
    expect(chunked.chunks).toEqual((await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks?max_tokens=48&overlap_tokens=4`)).body.chunks);
    expect((await client.parseJobTables(jobId))[0]!.pages).toEqual([1, 2]);
    expect(await client.parseJobTableCsv(jobId, 0)).toContain('"Pear, ""green""",4\r\n');
    expect(await client.parseJobDocument(jobId, 'markdown')).toBe(job.result.content);
    await expect(client.parseJobTables('pjob_missing')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('is offered by the CLI: parse --chunks --max-tokens prints chunk lines, --tables-dir writes one CSV per table', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docextract-retrieval-cli-'));
    try {
      writeFileSync(path.join(dir, 'handbook.pdf'), pdf);
      const child = spawn(process.execPath, [BIN, 'parse', 'handbook.pdf', '--chunks', '--max-tokens', '48', '--tables-dir', 'tables'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DOCEXTRACT_URL: base },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      const code = await new Promise((resolve) => child.once('close', resolve));
      expect({ code, stderr }).toEqual({ code: 0, stderr: expect.stringContaining('wrote 1 table to tables') });
      const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
      const expected = (await call(base, 'GET', `/v1/parse-jobs/${jobId}/chunks?max_tokens=48`)).body.chunks;
      expect(lines.map((c) => c.text)).toEqual(expected.map((c: any) => c.text));
      expect(readFileSync(path.join(dir, 'tables', 'table-0.csv'), 'utf8')).toBe('Item,Price\r\nApple,3\r\n"Pear, ""green""",4\r\nPlum,5\r\nKiwi,6\r\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('computes the blocks of a job completed before they existed on its first read', async () => {
    await stack.db('parse_pages').where({ job_id: jobId }).update({ blocks: null });
    const r = await call(base, 'GET', `/v1/parse-jobs/${jobId}/tables`);
    expect(r.body[0].rows).toHaveLength(5);
    const stored = await stack.db('parse_pages').where({ job_id: jobId }).orderBy('page_number').select('blocks');
    expect(stored.map((p) => p.blocks)).toEqual(job.result.pages.map((p: any) => p.blocks));
  });
});

/** RFC 4180, read back: quoted fields with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}
