// The layer rule bites: `npm run lint:layers` (dependency-cruiser with .dependency-cruiser.cjs,
// scripts/check-job-tables.mjs and scripts/check-mupdf.mjs) refuses a domain file that imports the
// HTTP layer, a file outside the job store that names a job table, and mupdf run outside the render pool. Each case is a small tree written to a temporary folder.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', 'depcruise');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const CHECK_JOB_TABLES = path.join(ROOT, 'scripts', 'check-job-tables.mjs');
const CHECK_MUPDF = path.join(ROOT, 'scripts', 'check-mupdf.mjs');

const trees: string[] = [];
afterAll(() => {
  for (const t of trees) rmSync(t, { recursive: true, force: true });
});

/** A project tree with these files (and a tsconfig like ours). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  trees.push(dir);
  const all = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
    ...files,
  };
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

const cruise = (dir: string) => run(DEPCRUISE, ['--config', CONFIG, 'src'], dir);
const checkJobTables = (dir: string) => run(process.execPath, [CHECK_JOB_TABLES, dir], dir);
const checkMupdf = (dir: string) => run(process.execPath, [CHECK_MUPDF, dir], dir);

const HTTP_ERRORS = "export class ApiError extends Error {}\n";
const DOMAIN_OK = "import { serviceError } from '../errors.js';\nexport const refuse = () => serviceError('name_taken', 'taken');\n";
const ERRORS = "export const serviceError = (code: string, detail: unknown) => new Error(`${code}: ${String(detail)}`);\n";

describe('dependency rule (lint:layers)', () => {
  it('accepts a domain that imports only what is below it', async () => {
    const dir = tree({ 'src/errors.ts': ERRORS, 'src/domain/things.ts': DOMAIN_OK, 'src/http/errors.ts': HTTP_ERRORS });
    const r = await cruise(dir);
    expect(r.output).toContain('no dependency violations found');
    expect(r.code).toBe(0);
  }, 90_000);

  it("refuses a domain file that imports '../http/...'", async () => {
    const dir = tree({
      'src/errors.ts': ERRORS,
      'src/http/errors.ts': HTTP_ERRORS,
      'src/domain/things.ts': "import { ApiError } from '../http/errors.js';\nexport const refuse = () => new ApiError('taken');\n",
    });
    const r = await cruise(dir);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('no-upward-to-edge');
    expect(r.output).toContain('src/domain/things.ts');
  }, 90_000);

  it('refuses storage importing the domain, and a cycle', async () => {
    const dir = tree({
      'src/domain/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'src/domain/b.ts': "import { a } from './a.js';\nexport const b = (): unknown => a;\n",
      'src/storage/rows.ts': "import { a } from '../domain/a.js';\nexport const rows = a;\n",
    });
    const r = await cruise(dir);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('no-upward-to-domain');
    expect(r.output).toContain('no-circular');
  }, 90_000);
});

describe('job-table ownership (lint:layers)', () => {
  const store = {
    'src/storage/jobs/tables.ts': "export const TABLE = { extraction: 'extraction_jobs', parse: 'parse_jobs', classification: 'classification_jobs' };\n",
    'src/storage/jobs/classification.ts': "export const pages = (db: any, id: string) => db('classification_pages').where({ job_id: id });\n",
  };

  it('accepts the job store naming its tables', async () => {
    const r = await checkJobTables(tree({ ...store, 'src/domain/jobs.ts': "import { TABLE } from '../storage/jobs/tables.js';\nexport const x = TABLE;\n" }));
    expect(r.output).toContain('job-table-owner: ok');
    expect(r.code).toBe(0);
  });

  it('refuses classification_jobs in a storage file outside the job store (a copy of a transition)', async () => {
    const copy = "export const mark = (db: any, runId: string) =>\n  db('classification_jobs').where({ evaluation_run_id: runId }).update({ status: 'canceling' });\n";
    const r = await checkJobTables(tree({ ...store, 'src/storage/classifier-evaluation.ts': copy }));
    expect(r.code).toBe(1);
    expect(r.output).toContain("src/storage/classifier-evaluation.ts:2: names 'classification_jobs'");
  });

  it("refuses a classification job's pages and review events outside the store", async () => {
    const r = await checkJobTables(
      tree({
        ...store,
        'activities/pages.ts': "export const q = 'select * from classification_pages';\n",
        'src/domain/review.ts': "export const t = 'classification_review_events';\n",
      }),
    );
    expect(r.code).toBe(1);
    expect(r.output).toContain("activities/pages.ts:1: names 'classification_pages'");
    expect(r.output).toContain("src/domain/review.ts:1: names 'classification_review_events'");
  });

  it('refuses the schema suggestion tables outside the store', async () => {
    const r = await checkJobTables(tree({ ...store, 'src/storage/suggestions.ts': "export const t = ['schema_suggestion_jobs'];\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain("src/storage/suggestions.ts:1: names 'schema_suggestion_jobs'");
  });

  it('refuses a file outside the job store that names a job table', async () => {
    const r = await checkJobTables(tree({ ...store, 'activities/finish.ts': "export const done = (db: any) => db('parse_jobs').update({ status: 'completed' });\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain("activities/finish.ts:1: names 'parse_jobs'");
  });

  it('refuses a constant holding the tables (JOB_TABLES)', async () => {
    const r = await checkJobTables(tree({ ...store, 'src/domain/job-status.ts': "import { JOB_TABLES } from './tables.js';\nexport const t = JOB_TABLES;\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain("src/domain/job-status.ts:1: names 'JOB_TABLES'");
  });

  it('refuses the pages and windows tables outside the store', async () => {
    const r = await checkJobTables(tree({ ...store, 'workflows/peek.ts': "export const q = 'select * from extraction_windows';\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain("workflows/peek.ts:1: names 'extraction_windows'");
  });
});

describe('mupdf off the main thread (lint:layers)', () => {
  // A document module like ours: a thread-side reader (imports mupdf), the pool, and the entry.
  const documents = {
    'src/documents/text-layer.ts': "import * as mupdf from 'mupdf';\nexport interface PageText { text: string }\nexport const readText = (b: Buffer): PageText => ({ text: String(mupdf.Document.openDocument(b, 'application/pdf').countPages()) });\n",
    'src/documents/pool.ts': "import type { PageText } from './text-layer.js';\nexport const textInPool = async (b: Buffer): Promise<PageText> => ({ text: String(b.length) });\n",
    'src/documents/index.ts': "export { textInPool } from './pool.js';\nexport type { PageText } from './text-layer.js';\n",
  };

  it('accepts callers of the pool through the entry, and type-only imports', async () => {
    const r = await checkMupdf(tree({
      ...documents,
      'src/domain/text.ts': "import { textInPool, type PageText } from '../documents/index.js';\nimport type * as mupdf from 'mupdf';\nexport const read = (b: Buffer): Promise<PageText> => textInPool(b);\nexport type Doc = mupdf.Document;\n",
    }));
    expect(r.output).toContain('mupdf-off-main-thread: ok');
    expect(r.code).toBe(0);
  });

  it('refuses mupdf imported outside src/documents', async () => {
    const r = await checkMupdf(tree({ ...documents, 'activities/count.ts': "import * as mupdf from 'mupdf';\nexport const count = (b: Buffer) => mupdf.Document.openDocument(b, 'application/pdf').countPages();\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('activities/count.ts:1: imports mupdf');
  });

  it('refuses a thread-side module imported from outside src/documents', async () => {
    const r = await checkMupdf(tree({ ...documents, 'src/domain/text.ts': "import { readText } from '../documents/text-layer.js';\nexport const read = readText;\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('src/domain/text.ts:1: imports src/documents/text-layer.ts, which runs mupdf on the calling thread');
  });

  it('refuses the entry handing out a thread-side function (as it did documentPlainText and readPageWords)', async () => {
    const r = await checkMupdf(tree({ ...documents, 'src/documents/index.ts': "export { textInPool } from './pool.js';\nexport { readText, type PageText } from './text-layer.js';\n" }));
    expect(r.code).toBe(1);
    expect(r.output).toContain('src/documents/index.ts:2: re-exports readText from src/documents/text-layer.ts');
  });
});
