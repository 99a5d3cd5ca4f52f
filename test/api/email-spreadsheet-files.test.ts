import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { makePdf } from '../fixtures/documents.js';
import { makeEml, makeMsg, type TestAttachment } from '../fixtures/emails.js';
import { makeInvoiceWorkbook } from '../fixtures/workbooks.js';
import { type ScriptedProvider } from '../harness/scripted-provider.js';
import { type TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider, upload } from './job-helpers.js';

// Issue 39, spreadsheets and e-mail through the API: an e-mail's attachments become files of their
// own, linked both ways and extractable on their own; a value extracted from a spreadsheet names
// its sheet and cell. One stack for the file; the model is the scripted provider.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url));

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider({ env: { SERVICE_RENDER_DPI: '40' } }));
  base = stack.url;
  const put = await call(base, 'PUT', '/v1/extractors/cell-reader', {
    display_name: 'Cell reader',
    instructions: 'Extract the label and the value.',
    model: 'generic-vision-model',
    schema: {
      type: 'object',
      properties: { label: { type: 'string' }, value: { type: 'string' } },
      required: ['label', 'value'],
      additionalProperties: false,
    },
  });
  expect(put.status).toBe(201);
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

beforeEach(() => provider.reset());

async function extract(fileId: string, answer: { label: string; value: string }): Promise<any> {
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify(answer) }));
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'cell-reader', file_id: fileId });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 120_000);
  return seen[seen.length - 1];
}

const attachments = (): TestAttachment[] => [
  { filename: 'invoice.pdf', mediaType: 'application/pdf', content: makePdf(['Invoice INV-7731\nTotal 1250.00']) },
  { filename: 'invoice.xlsx', mediaType: XLSX_TYPE, content: makeInvoiceWorkbook() },
  { filename: 'setup.exe', mediaType: 'application/octet-stream', content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00 not a document') },
];
const message = { from: 'Ann Sender <ann@example.test>', to: 'bob@example.test', subject: 'Invoice INV-7731', text: 'Please find the invoice attached.' };

describe.each([
  ['an .eml', 'mail.eml', 'message/rfc822', () => makeEml({ ...message, attachments: attachments() })],
  ['a .msg', 'mail.msg', 'application/vnd.ms-outlook', () => makeMsg({ ...message, attachments: attachments() })],
])('%s with a PDF, an XLSX and an executable attached', (_label, filename, mediaType, make) => {
  it('stores three files linked both ways, lists the executable as skipped, and each attachment is extractable on its own', async () => {
    const parent = await upload(base, make(), filename, 'application/octet-stream');
    expect(parent.status).toBe(201);
    expect(parent.body).toMatchObject({ media_type: mediaType, parent_file_id: null, attachment_filename: null });
    expect(parent.body.attachment_file_ids).toHaveLength(2);
    expect(parent.body.skipped_attachments).toEqual([{ filename: 'setup.exe', media_type: 'application/octet-stream', reason: 'unsupported_media_type' }]);

    const listed = await call(base, 'GET', `/v1/files?parent_file_id=${parent.body.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((f: any) => f.id)).toEqual(parent.body.attachment_file_ids);
    expect(listed.body.map((f: any) => [f.attachment_filename, f.media_type, f.parent_file_id])).toEqual([
      ['invoice.pdf', 'application/pdf', parent.body.id],
      ['invoice.xlsx', XLSX_TYPE, parent.body.id],
    ]);
    const [pdfId, xlsxId] = parent.body.attachment_file_ids;
    // The attachment's bytes are the attached file's, unchanged.
    const content = await fetch(`${base}/v1/files/${xlsxId}/content`);
    expect(Buffer.from(await content.arrayBuffer()).equals(makeInvoiceWorkbook())).toBe(true);

    // The e-mail's own page (header block and body) renders.
    const page = await fetch(`${base}/v1/files/${parent.body.id}/pages/1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^image\//);

    const onPdf = await extract(pdfId, { label: 'Invoice', value: 'INV-7731' });
    expect(onPdf.status).toBe('completed');
    expect(onPdf.result.provenance['/value'].boxes).toHaveLength(1);
    const onXlsx = await extract(xlsxId, { label: 'Invoice', value: 'INV-7731' });
    expect(onXlsx.status).toBe('completed');
    expect(onXlsx.result.data).toEqual({ label: 'Invoice', value: 'INV-7731' });
    expect(onXlsx.result.provenance['/value'].cells).toEqual([{ sheet: 'Invoices', cell: 'A2' }]);
    expect(onXlsx.result.provenance['/label'].cells).toEqual([{ sheet: 'Invoices', cell: 'A1' }]);
  }, 300_000);
});

describe('deleting an e-mail', () => {
  it('is refused while a job uses one of its attachments, and then removes its attachments with it', async () => {
    const parent = await upload(base, makeEml({ ...message, attachments: attachments() }), 'mail.eml', 'message/rfc822');
    expect(parent.status).toBe(201);
    const [pdfId, xlsxId] = parent.body.attachment_file_ids;
    const job = await extract(xlsxId, { label: 'Customer', value: 'Acme Tools' });
    expect(job.status).toBe('completed');

    const refused = await call(base, 'DELETE', `/v1/files/${parent.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('file_in_use');
    for (const id of [parent.body.id, pdfId, xlsxId]) expect((await call(base, 'GET', `/v1/files/${id}`)).status).toBe(200);

    expect((await call(base, 'DELETE', `/v1/extraction-jobs/${job.id}`)).status).toBe(204);
    expect((await call(base, 'DELETE', `/v1/files/${parent.body.id}`)).status).toBe(204);
    for (const id of [parent.body.id, pdfId, xlsxId]) expect((await call(base, 'GET', `/v1/files/${id}`)).status).toBe(404);
  }, 300_000);
});

describe('real samples', () => {
  it('an Outlook message with an attached message and a PDF (Apache POI attachment_msg_pdf.msg)', async () => {
    const parent = await upload(base, fixture('attachment_msg_pdf.msg'), 'attachment_msg_pdf.msg', 'application/vnd.ms-outlook');
    expect(parent.status).toBe(201);
    expect(parent.body.skipped_attachments).toEqual([]);
    const listed = await call(base, 'GET', `/v1/files?parent_file_id=${parent.body.id}`);
    expect(listed.body.map((f: any) => [f.attachment_filename, f.media_type])).toEqual([
      ['Test Attachment.msg', 'application/vnd.ms-outlook'],
      ['smbprn.00009008.KdcPjl.pdf', 'application/pdf'],
    ]);
  }, 120_000);

  it('a workbook with a table (Apache POI table-sample.xlsx): a value read as displayed names its sheet and cell', async () => {
    const file = await upload(base, fixture('table-sample.xlsx'), 'table-sample.xlsx', XLSX_TYPE);
    expect(file.status).toBe(201);
    expect(file.body.media_type).toBe(XLSX_TYPE);
    const job = await extract(file.body.id, { label: 'Ergebnis', value: '100%' });
    expect(job.status).toBe('completed');
    expect(job.result.provenance['/label'].cells).toEqual([{ sheet: 'Tabelle1', cell: 'C9' }]);
    expect(job.result.provenance['/value'].cells).toEqual([{ sheet: 'Tabelle1', cell: 'G9' }]);
    // The words of the page's text layer carry them too, and the values read as displayed (17%, 2.5).
    const text = await call(base, 'GET', `/v1/files/${file.body.id}/pages/1/text`);
    expect(text.status).toBe(200);
    const words = text.body.words.map((w: any) => [w.text, w.sheet, w.cell]);
    expect(words).toEqual(expect.arrayContaining([['Ergebnis', 'Tabelle1', 'C9'], ['100%', 'Tabelle1', 'G9'], ['17%', 'Tabelle1', 'G5'], ['2.5', 'Tabelle1', 'D9']]));
    // The sheet's caption is no cell's.
    expect(text.body.words[0]).toEqual({ text: 'Tabelle1', box: expect.any(Object) });
  }, 120_000);

  it('refuses bytes that only begin like a workbook (a ZIP header and nothing else) as a corrupt container, storing nothing', async () => {
    const before = (await call(base, 'GET', '/v1/files?limit=100')).body.length;
    const notWorkbook = await upload(base, Buffer.from('PK\x03\x04 truncated'), 'broken.xlsx', XLSX_TYPE);
    expect(notWorkbook.status).toBe(400);
    expect(notWorkbook.body.code).toBe('document_corrupt');
    expect(notWorkbook.body.detail).toContain('ZIP');
    expect((await call(base, 'GET', '/v1/files?limit=100')).body.length).toBe(before);
  }, 60_000);
});
