// E-mails are parsed and laid out in the render pool (issue 39: conversion off the API's event
// loop). The e-mail module is replaced on this (the API's) thread by one that throws: the upload
// path must still read .eml and .msg, so it reaches the parser only through a render thread, whose
// bundle is built from the real sources. The same pool then still renders, converts and reads text:
// the packages e-mail brings into the bundle (msgreader → iconv-lite → safer-buffer, which calls
// require('buffer')) once broke every render task.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, jest } from '@jest/globals';

jest.unstable_mockModule('../../src/documents/formats/email.js', () => {
  const here = () => {
    throw new Error('e-mail parsed on the API thread');
  };
  return { convertEmail: here };
});

const { closeRenderPool, configureRenderPool, convertInPool, pageTextInPool, renderPage } = await import('../../src/documents/index.js');
const { acceptedFormat, convertAccepted } = await import('../../src/domain/upload-formats.js');
const { makePdf, pngInfo } = await import('../fixtures/documents.js');
const { makeEml } = await import('../fixtures/emails.js');

const fixture = (name: string) => readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url));
const config = { maxPages: 100, conversionTimeoutS: 60, renderDpi: 72, renderMaxPixels: 4_000_000 } as Parameters<typeof convertAccepted>[2];

afterAll(() => closeRenderPool());

describe('e-mail in the render pool', () => {
  it('reads an .eml and a .msg (pages and attachments) in a render thread, and the same pool still renders, converts and reads text', async () => {
    configureRenderPool({ threads: 1 });
    const eml = makeEml({
      from: 'Ann Sender <ann@example.test>',
      to: 'bob@example.test',
      subject: 'Invoice INV-7731',
      text: 'Please find the invoice attached.',
      attachments: [{ filename: 'invoice.pdf', mediaType: 'application/pdf', content: makePdf(['Invoice INV-7731']) }],
    });
    const emlFormat = acceptedFormat(eml)!;
    expect(emlFormat).toMatchObject({ format: 'eml', pages: 'message', attachments: true });
    const fromEml = await convertAccepted(eml, emlFormat, config);
    expect(fromEml.pageCount).toBe(1);
    expect(fromEml.attachments.map((a) => [a.filename, a.mediaType])).toEqual([['invoice.pdf', 'application/pdf']]);
    expect(Buffer.from(fromEml.attachments[0]!.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pageTextInPool(Buffer.from(fromEml.rendition!.pdf!), 0);
    expect(text.text).toContain('Invoice INV-7731');
    expect(text.text).toContain('Please find the invoice attached.');

    // A real Outlook message (Apache POI's test data) with a PDF and an attached message.
    const msg = fixture('attachment_msg_pdf.msg');
    const fromMsg = await convertAccepted(msg, acceptedFormat(msg)!, config);
    expect(fromMsg.pageCount).toBeGreaterThanOrEqual(1);
    expect(fromMsg.attachments.map((a) => a.filename)).toEqual(['Test Attachment.msg', 'smbprn.00009008.KdcPjl.pdf']);

    // Render tasks in the same pool (the bundle that now holds the e-mail code).
    const page = await renderPage(makePdf(['one', 'two']), 1, { dpi: 72, maxPixels: 4_000_000 });
    expect(page.mediaType).toBe('image/png');
    expect(pngInfo(page.data)).toMatchObject({ width: 612, height: 792 });
    const emailPage = await renderPage(Buffer.from(fromMsg.rendition!.pdf!), 0, { dpi: 72, maxPixels: 4_000_000 });
    expect(pngInfo(emailPage.data).width).toBeGreaterThan(0);
    const converted = await convertInPool(Buffer.from('Plain text INV-7731\n'), 'text', { maxPages: 10, maxImagePixels: 4_000_000, libreOffice: null, timeoutMs: 60_000 });
    expect(converted.pageCount).toBe(1);
  });

  it('answers a truncated .msg with document_corrupt from the render thread', async () => {
    // A truncated Compound File: the reader fails inside the render thread, and its code crosses back.
    const msg = fixture('attachment_msg_pdf.msg');
    const format = acceptedFormat(msg)!;
    await expect(convertAccepted(msg.subarray(0, 4096), format, config)).rejects.toMatchObject({ code: 'document_corrupt' });
  });
});
