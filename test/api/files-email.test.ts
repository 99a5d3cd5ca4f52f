import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeEml } from '../fixtures/emails.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { call, upload } from './job-helpers.js';

// Issue 49: an upload and an e-mail's attachment go through one format registry and one upload
// dispatcher, so a file is the same format whichever way it arrives. Both cases below failed when
// the upload had an e-mail detector of its own and attachments were sniffed without their names.

let stack: TestStack;
let base: string;

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
  base = stack.url;
});
afterAll(async () => stack?.close());

const message = { from: 'Ann Sender <ann@example.test>', to: 'bob@example.test', subject: 'Totals for March', text: 'The totals are attached.' };

describe('an .eml saved from an mbox (its first line the envelope "From " line)', () => {
  it('is stored as an e-mail, as the sniffer names it', async () => {
    const eml = Buffer.concat([Buffer.from('From ann@example.test Sun Mar  1 10:15:30 2026\r\n'), makeEml(message)]);
    const r = await upload(base, eml, 'saved.eml', 'message/rfc822');
    expect(r.body.detail ?? null).toBeNull();
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ media_type: 'message/rfc822', kind: 'email', page_count: 1, attachment_file_ids: [] });
  }, 60_000);
});

describe('a CSV attached to an e-mail', () => {
  it('is the same csv file as the CSV uploaded on its own (its filename is a hint, as an upload\'s is)', async () => {
    const csv = Buffer.from('customer,invoice,total\nAcme Tools,INV-7731,1250.00\nBolt & Nut,INV-7732,88.10\n');
    const alone = await upload(base, csv, 'totals.csv', 'application/octet-stream');
    expect(alone.status).toBe(201);
    expect(alone.body.media_type).toBe('text/csv');

    const parent = await upload(base, makeEml({ ...message, attachments: [{ filename: 'totals.csv', mediaType: 'application/octet-stream', content: csv }] }), 'mail.eml', 'message/rfc822');
    expect(parent.status).toBe(201);
    expect(parent.body.attachment_file_ids).toHaveLength(1);
    const attached = await call(base, 'GET', `/v1/files/${parent.body.attachment_file_ids[0]}`);
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ filename: 'totals.csv', media_type: alone.body.media_type, kind: alone.body.kind, page_count: alone.body.page_count, sha256: alone.body.sha256 });
  }, 60_000);
});
