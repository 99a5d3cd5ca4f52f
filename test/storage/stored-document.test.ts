// The stored document (src/domain/stored-document.ts) against the harness's Postgres: its page
// count is the one stored at upload (read, never counted again; counted once and stored for a row
// without one), its page type is the stored one, and its text is read in the render pool only.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as mupdf from 'mupdf';
import { loadConfig } from '../../src/config/index.js';
import { closeRenderPool } from '../../src/documents/index.js';
import { createFile } from '../../src/domain/files.js';
import { loadStoredDocument, filePageCount, StoredDocumentMissing } from '../../src/domain/stored-document.js';
import { createDb, type Db } from '../../src/storage/db.js';
import { getPageSourceBytes } from '../../src/storage/file-renditions.js';
import { makePdf, makePng } from '../fixtures/documents.js';
import { readHarnessInfo } from '../harness/harness-info.js';

let db: Db;
const config = loadConfig({ SERVICE_RENDER_DPI: '72', SERVICE_OCR: 'off' });
const bytesOf = (id: string) => getPageSourceBytes(db, id);
const PAGES = ['Invoice 2041 total 120', 'Terms and conditions apply', 'Signed by the buyer'];

beforeAll(() => {
  db = createDb(readHarnessInfo().databaseUrl, 2);
});

afterAll(async () => {
  await closeRenderPool();
  await db?.destroy();
});

async function upload(bytes: Buffer, filename: string): Promise<string> {
  async function* content() {
    yield bytes;
  }
  const file = await createFile(db, config, { content: content(), filename, declaredType: null });
  return file.id;
}

describe('StoredDocument', () => {
  it('answers the page count stored at upload, and counts a file stored without one once', async () => {
    const id = await upload(makePdf(PAGES, { fontSize: 16 }), 'three.pdf');
    const doc = await loadStoredDocument(db, id, bytesOf);
    expect(doc).toMatchObject({ id, kind: 'pdf', pageType: 'application/pdf', pageSource: 'original', converted: false });
    expect(await doc.pageCount(config)).toBe(3);
    // The row is what is read: a count changed there (no file has it wrong; this shows nothing recounts) is answered.
    await db('files').where({ id }).update({ page_count: 2 });
    expect(await (await loadStoredDocument(db, id, bytesOf)).pageCount(config)).toBe(2);
    expect(await filePageCount(db, config, id, async () => { throw new Error('a range check does not read the file'); })).toBe(2);
    // Past SERVICE_MAX_PAGES as a job checks it.
    await expect((await loadStoredDocument(db, id, bytesOf)).pageCount(loadConfig({ SERVICE_MAX_PAGES: '1' }))).rejects.toMatchObject({ code: 'document_too_many_pages' });
    // A row without a count (a PDF stored before 0.6): counted in the render pool once, and stored.
    await db('files').where({ id }).update({ page_count: null });
    expect(await (await loadStoredDocument(db, id, bytesOf)).pageCount(config)).toBe(3);
    expect((await db('files').where({ id }).first('page_count')).page_count).toBe(3);
  });

  it('takes the page type from the row, not the bytes, and refuses a file without content', async () => {
    const id = await upload(makePng(20, 10), 'scan.png');
    const doc = await loadStoredDocument(db, id, bytesOf);
    expect(doc).toMatchObject({ kind: 'image', pageType: 'image/png', converted: false });
    expect(await doc.pageCount(config)).toBe(1);
    expect(await doc.pageWords()).toEqual([]);
    expect(await doc.plainText()).toBe('');
    await expect(loadStoredDocument(db, id, async () => undefined)).rejects.toBeInstanceOf(StoredDocumentMissing);
    await expect(loadStoredDocument(db, 'file_none', bytesOf)).rejects.toBeInstanceOf(StoredDocumentMissing);
  });

  it('reads its text in the render pool: mupdf is never opened on this thread', async () => {
    const pdf = makePdf(PAGES, { fontSize: 16 });
    const id = await upload(pdf, 'text.pdf');
    const doc = await loadStoredDocument(db, id, bytesOf);
    const open = mupdf.Document.openDocument;
    const opened: string[] = [];
    (mupdf.Document as unknown as { openDocument: unknown }).openDocument = (...args: unknown[]) => {
      opened.push(String(args[1]));
      return (open as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const words = await doc.pageWords();
      expect(words!.map((page) => page.map((w) => w.text).join(' '))).toEqual(PAGES);
      for (const w of words!.flat()) expect(w.x1).toBeGreaterThan(w.x0);
      expect(await doc.pageWords(-1)).toBeNull(); // past its time budget
      expect([...(await doc.pagesWithText([1, 3, 4]))]).toEqual([1, 3]);
      expect(await doc.plainText()).toContain('Terms and conditions apply');
      const layer = await doc.pageLayer(config, 2);
      expect(layer).toMatchObject({ source: 'pdf', text: 'Terms and conditions apply' });
    } finally {
      (mupdf.Document as unknown as { openDocument: unknown }).openDocument = open;
    }
    expect(opened).toEqual([]);
  });
});
