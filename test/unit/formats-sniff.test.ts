// The sniffer names a format from the bytes (src/documents/sniff.ts, formats/containers.ts): ZIP and
// OLE2 containers are looked into, text is decoded (UTF-8, UTF-16 with BOM), and the filename or
// declared type only tell Markdown and CSV from plain text.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { declaredTypeAgrees, decodeText, sniffFormat } from '../../src/documents/sniff.js';
import { DocumentError } from '../../src/documents/errors.js';
import { withCell } from '../../src/domain/page-text.js';
import { FORMATS, ORIGINAL_PAGES, type FormatId } from '../../src/documents/formats/catalog.js';
import { CONVERTERS } from '../../src/documents/formats/registry.js';
import { acceptedFormat } from '../../src/domain/upload-formats.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/formats');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return err instanceof DocumentError ? err.code : String(err);
  }
};

describe('sniffFormat', () => {
  it.each([
    ['docling-word_tables.docx', 'docx'],
    ['docling-powerpoint_sample.pptx', 'pptx'],
    ['poi-SampleSS.xlsx', 'xlsx'],
    ['docling-xlsx_02_sample_sales_data.xlsm', 'xlsm'],
    ['pandoc-wasteland.epub', 'epub'],
    ['docling-text_document_01.odt', 'odt'],
    ['pillow-multipage.tiff', 'tiff'],
    ['pillow-pal1.bmp', 'bmp'],
    ['pillow-hopper.gif', 'gif'],
    ['pillow-hopper.webp', 'webp'],
    ['docling-table_01.html', 'html'],
    ['poi-SampleDoc.txt', 'text'],
    ['poi-quick-utf16le.txt', 'text'],
    ['docling-mixed.md', 'markdown'],
    ['docling-csv-comma.csv', 'csv'],
  ])('%s is %s, whatever its name says', (file, format) => {
    expect(sniffFormat(fixture(file), { filename: file })).toBe(format);
    // A misleading name does not change a container's or an image's format.
    if (!['text', 'markdown', 'csv'].includes(format)) expect(sniffFormat(fixture(file), { filename: 'x.pdf' })).toBe(format);
  });

  it('tells Markdown and CSV from plain text by the name or declared type only', () => {
    const bytes = Buffer.from('a,b\n1,2\n');
    expect(sniffFormat(bytes, {})).toBe('text');
    expect(sniffFormat(bytes, { filename: 'x.csv' })).toBe('csv');
    expect(sniffFormat(bytes, { declaredType: 'text/markdown; charset=utf-8' })).toBe('markdown');
  });

  it('names e-mail from its headers, and refuses binary and other containers', () => {
    expect(sniffFormat(Buffer.from('From: a@example.com\r\nTo: b@example.com\r\nSubject: Hi\r\n\r\nBody'))).toBe('eml');
    // An HTML e-mail: <html> within the first kilobyte does not make it a web page.
    expect(sniffFormat(Buffer.from('From: a@example.com\r\nTo: b@example.com\r\nContent-Type: text/html\r\n\r\n<html><body><p>Hi</p></body></html>'))).toBe('eml');
    // A message saved from an mbox keeps its envelope line ("From " without a colon) first.
    expect(sniffFormat(Buffer.from('From a@example.com Thu Nov 26 10:00:00 2026\r\nFrom: a@example.com\r\nTo: b@example.com\r\nSubject: Hi\r\n\r\nBody'))).toBe('eml');
    expect(sniffFormat(Buffer.from('From here on, the text.\nTo: be continued\n'))).toBe('text');
    expect(sniffFormat(Buffer.from('<p>Hi</p>\n<body>page</body>'))).toBe('html');
    expect(sniffFormat(Buffer.from([0, 1, 2, 3, 0, 0, 0]))).toBeNull();
    expect(sniffFormat(Buffer.from(zipSync({ 'a.txt': strToU8('hello') })))).toBeNull();
  });

  it('refuses an encrypted Office file, a truncated container and a declared zip bomb with their codes', () => {
    expect(codeOf(() => sniffFormat(fixture('poi-protected_agile.docx')))).toBe('document_encrypted');
    const docx = fixture('docling-word_tables.docx');
    expect(codeOf(() => sniffFormat(docx.subarray(0, docx.length >> 1)))).toBe('document_corrupt');
    expect(codeOf(() => sniffFormat(docx, {}, 1000))).toBe('document_too_large');
  });
});

describe('decodeText and declared types', () => {
  it('decodes UTF-8 and UTF-16 with a BOM, and refuses what is not text', () => {
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße', 'utf16le')]))).toBe('Grüße');
    expect(decodeText(Buffer.from('\ufeffGrüße', 'utf8'))).toBe('Grüße');
    expect(decodeText(Buffer.from([0xc3, 0x28]))).toBeNull(); // invalid UTF-8
    expect(decodeText(Buffer.from('a\u0000b'))).toBeNull();
  });

  it('lets the bytes win only where they are ambiguous', () => {
    expect(declaredTypeAgrees('application/pdf', 'docx')).toBe(true); // a ZIP container: the bytes win
    expect(declaredTypeAgrees('image/png', 'tiff')).toBe(false);
    expect(declaredTypeAgrees('image/tif', 'tiff')).toBe(true);
    expect(declaredTypeAgrees('application/octet-stream', 'bmp')).toBe(true);
  });
});

describe('the format registry', () => {
  const ids = Object.keys(FORMATS) as FormatId[];

  it('makes every format\'s pages one way: its own bytes, its converter, or the e-mail parser (which alone has attachments)', () => {
    expect([...ORIGINAL_PAGES]).toEqual(['pdf', 'png', 'jpeg']);
    expect(ids.filter((f) => FORMATS[f].pages === 'converter').sort()).toEqual(Object.keys(CONVERTERS).sort());
    expect(ids.filter((f) => FORMATS[f].pages === 'message')).toEqual(['eml', 'msg']);
    expect(ids.filter((f) => FORMATS[f].attachments)).toEqual(['eml', 'msg']);
  });

  it('names an attachment\'s format with its filename and declared type as hints, as an upload\'s', () => {
    const csv = Buffer.from('a,b\n1,2\n');
    expect(acceptedFormat(csv)?.format).toBe('text');
    expect(acceptedFormat(csv, { filename: 'totals.csv' })).toMatchObject({ format: 'csv', mediaType: 'text/csv', kind: 'text', pages: 'converter', extension: '.csv' });
    expect(acceptedFormat(csv, { declaredType: 'text/csv' })?.format).toBe('csv');
    expect(acceptedFormat(Buffer.from('# Title\n'), { filename: 'README.MD' })?.format).toBe('markdown');
    expect(acceptedFormat(fixture('table-sample.xlsx'), { filename: 'x.csv' })?.format).toBe('xlsx'); // the bytes win
  });
});

describe('withCell', () => {
  it('gives a word the sheet and cell whose box holds its centre', () => {
    const cells = [
      { sheet: 'Invoices', cell: 'B7', page: 1, box: { x0: 0.2, y0: 0.3, x1: 0.4, y1: 0.32 } },
      { sheet: 'Invoices', cell: 'C7', page: 1, box: { x0: 0.4, y0: 0.3, x1: 0.6, y1: 0.32 } },
    ];
    expect(withCell({ text: '13', box: { x0: 0.41, y0: 0.302, x1: 0.45, y1: 0.318 } }, cells)).toMatchObject({ sheet: 'Invoices', cell: 'C7' });
    expect(withCell({ text: 'x', box: { x0: 0.7, y0: 0.3, x1: 0.75, y1: 0.31 } }, cells)).toEqual({ text: 'x', box: { x0: 0.7, y0: 0.3, x1: 0.75, y1: 0.31 } });
  });
});
