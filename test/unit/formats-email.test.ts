import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as mupdf from 'mupdf';
import { convertEmail, type EmailMediaType } from '../../src/documents/formats/email.js';
import { FORMATS } from '../../src/documents/formats/catalog.js';
import { sniffFormat } from '../../src/documents/sniff.js';
import { withoutRemoteReferences } from '../../src/documents/formats/email-pages.js';
import { attachmentFiles, MAX_EMAIL_DEPTH, type PendingFile } from '../../src/domain/email-attachments.js';
import { loadConfig } from '../../src/config/index.js';
import { makePdf } from '../fixtures/documents.js';
import { makeEml, makeMsg } from '../fixtures/emails.js';
import { makeInvoiceWorkbook } from '../fixtures/workbooks.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url));
const pageText = (pdf: Uint8Array) => {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText()).join('\n');
};
/** The e-mail media type the one detector (the sniffer) names, or null for anything else. */
const detectEmail = (bytes: Uint8Array): EmailMediaType | null => {
  const format = sniffFormat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return format === 'eml' || format === 'msg' ? (FORMATS[format].mediaType as EmailMediaType) : null;
};
const convert = async (bytes: Buffer) => convertEmail(bytes, detectEmail(bytes)!, { maxPages: 100 });

describe('e-mail detection', () => {
  it('knows .eml and .msg from their bytes, and nothing else as e-mail', () => {
    expect(detectEmail(fixture('mimetorture.eml'))).toBe('message/rfc822');
    expect(detectEmail(fixture('bounce.eml'))).toBe('message/rfc822');
    expect(detectEmail(fixture('attachment_msg_pdf.msg'))).toBe('application/vnd.ms-outlook');
    expect(detectEmail(fixture('table-sample.xlsx'))).toBeNull();
    expect(detectEmail(makePdf(['From: a@b.test']))).toBeNull();
    expect(detectEmail(Buffer.from('Subject: a note\n\nbody'))).toBeNull(); // one header is no message
    expect(detectEmail(Buffer.from('Dear Sir,\nFrom: me\nTo: you\n'))).toBeNull();
    // Saved from an mbox: its envelope line first (once named e-mail here and refused by the upload).
    expect(detectEmail(Buffer.from('From ann@example.test Sun Mar  1 10:15:30 2026\nFrom: ann@example.test\nTo: bob@example.test\n\nHi'))).toBe('message/rfc822');
  });
});

describe('e-mail pages', () => {
  it('shows the header block and the text body of a real Outlook message (Apache POI example_received_unicode.msg)', async () => {
    const { rendition, attachments } = await convert(fixture('example_received_unicode.msg'));
    expect(rendition.kind).toBe('email');
    const text = pageText(rendition.pdf!);
    expect(text).toContain('Mike Farman <mike.farman@alfresco.com>');
    expect(text).toContain('Subject: This is a test message please ignore');
    expect(text).toContain('Roy Wetherall <roy.wetherall@alfresco.com>'); // Cc
    expect(text).toContain('The quick brown fox jumps over the lazy dog');
    expect(attachments.map((a) => [a.filename, a.mediaType])).toEqual([['alfresco.gif', 'image/gif']]);
  });

  it('keeps attached messages as attachments (Ryan Finnie\'s MIME torture test, from postal-mime)', async () => {
    const { rendition, attachments } = await convert(fixture('mimetorture.eml'));
    const text = pageText(rendition.pdf!);
    expect(text).toContain("Subject: Ryan Finnie's MIME Torture Test v1.0");
    expect(text).toContain('Welcome to Ryan Finnie');
    expect(attachments.length).toBeGreaterThanOrEqual(5);
    expect(attachments.every((a) => a.mediaType === 'message/rfc822' && detectEmail(a.content) === 'message/rfc822')).toBe(true);
  });

  it('rebuilds an Outlook item attached to an Outlook message as a .msg of its own (Apache POI attachment_msg_pdf.msg)', async () => {
    const { attachments } = await convert(fixture('attachment_msg_pdf.msg'));
    expect(attachments.map((a) => a.filename)).toEqual(['Test Attachment.msg', 'smbprn.00009008.KdcPjl.pdf']);
    expect(detectEmail(attachments[0]!.content)).toBe('application/vnd.ms-outlook');
    expect(Buffer.from(attachments[1]!.content.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('reads a .msg made by a CFB writer (the shape the API tests upload)', async () => {
    const msg = makeMsg({ from: 'Ann Sender <ann@example.test>', to: 'bob@example.test', subject: 'Invoice INV-7731', text: 'Total 1250.00' });
    const text = pageText((await convert(msg)).rendition.pdf!);
    expect(text).toContain('Ann Sender <ann@example.test>');
    expect(text).toContain('Subject: Invoice INV-7731');
    expect(text).toContain('Total 1250.00');
  });
});

describe('an HTML body that references remote resources', () => {
  let server: Server;
  let hits: string[];
  let origin: string;
  beforeAll(async () => {
    hits = [];
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is rendered with its text, and nothing it references is fetched', async () => {
    const html = `<html><head><link rel="stylesheet" href="${origin}/style.css"><style>@import url("${origin}/import.css"); body { background: url(${origin}/bg.png) }</style></head>
<body><p>Quarterly figures: <b>4,711.00</b></p><img src="${origin}/pixel.png" width="1" height="1"><img srcset="${origin}/a.png 2x">
<iframe src="${origin}/frame"></iframe><table background="${origin}/t.png"><tr><td>Cell text</td></tr></table><svg><image href="${origin}/svg.png"/></svg></body></html>`;
    const eml = makeEml({ from: 'a@example.test', to: 'b@example.test', subject: 'Remote', html });
    const { rendition } = await convert(eml);
    const text = pageText(rendition.pdf!);
    expect(text).toContain('Quarterly figures: 4,711.00');
    expect(text).toContain('Cell text');
    await new Promise((r) => setTimeout(r, 200));
    expect(hits).toEqual([]);
    expect(withoutRemoteReferences(html)).not.toContain(origin);
  });
});

describe('attachments as files', () => {
  const root = (): PendingFile => ({ id: 'file_root', filename: 'm.eml', mediaType: 'message/rfc822', kind: 'email', pageCount: 1, bytes: new Uint8Array(), rendition: null, parentId: null, attachmentIndex: null, attachmentFilename: null, skipped: [] });
  const limits = { maxAttachments: 50, config: loadConfig({ SERVICE_MAX_PAGES: '100' }) };

  it('stores accepted formats in order, lists the rest with their reason, and opens attached e-mails down to three levels', async () => {
    // m0 ⊃ m1 ⊃ m2 ⊃ m3 ⊃ m4: m1..m3 are stored, m4 is listed on m3 as too deep.
    let nested = makeEml({ from: 'a@example.test', to: 'b@example.test', subject: 'level 4', text: 'deepest' });
    for (const level of [3, 2, 1]) {
      nested = makeEml({ from: 'a@example.test', to: 'b@example.test', subject: `level ${level}`, text: `level ${level}`, attachments: [{ filename: `level${level + 1}.eml`, mediaType: 'message/rfc822', content: nested }] });
    }
    const parent = root();
    const files = await attachmentFiles(parent, [
      { filename: 'a.pdf', mediaType: 'application/pdf', content: makePdf(['A']) },
      { filename: 'notes.bin', mediaType: 'application/octet-stream', content: Buffer.from([0, 1, 2, 3]) },
      { filename: '', mediaType: 'application/pdf', content: new Uint8Array() },
      { filename: 'level1.eml', mediaType: 'message/rfc822', content: nested },
      { filename: '', mediaType: 'application/octet-stream', content: makeInvoiceWorkbook() },
    ], limits);
    expect(files.map((f) => [f.filename, f.attachmentIndex, f.mediaType])).toEqual([
      ['a.pdf', 0, 'application/pdf'],
      ['level1.eml', 3, 'message/rfc822'],
      ['level2.eml', 0, 'message/rfc822'],
      ['level3.eml', 0, 'message/rfc822'],
      ['attachment-5.xlsx', 4, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    expect(files[2]!.parentId).toBe(files[1]!.id);
    expect(files[3]!.parentId).toBe(files[2]!.id);
    expect(files[3]!.skipped).toEqual([{ filename: 'level4.eml', media_type: 'message/rfc822', reason: 'nesting_too_deep' }]);
    expect(MAX_EMAIL_DEPTH).toBe(3);
    expect(parent.skipped).toEqual([
      { filename: 'notes.bin', media_type: 'application/octet-stream', reason: 'unsupported_media_type' },
      { filename: '', media_type: 'application/pdf', reason: 'empty_file' },
    ]);
    expect(files.every((f) => f.rendition === null || f.rendition.pageCount >= 1)).toBe(true);
  });

  it('stops at SERVICE_MAX_ATTACHMENTS, listing the rest as too many, and lists an attachment that cannot be read', async () => {
    const parent = root();
    const pdf = (n: number) => ({ filename: `p${n}.pdf`, mediaType: 'application/pdf', content: makePdf([`P${n}`]) });
    const broken = { filename: 'broken.xlsx', mediaType: 'application/octet-stream', content: makeInvoiceWorkbook().subarray(0, 3000) };
    const files = await attachmentFiles(parent, [pdf(1), broken, pdf(2), pdf(3)], { ...limits, maxAttachments: 2 });
    expect(files.map((f) => f.filename)).toEqual(['p1.pdf', 'p2.pdf']);
    expect(parent.skipped.map((s) => [s.filename, s.reason])).toEqual([
      ['broken.xlsx', 'document_corrupt'],
      ['p3.pdf', 'too_many_attachments'],
    ]);
  });
});
