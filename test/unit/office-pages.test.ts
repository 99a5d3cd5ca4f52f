// Issue 50: Word and PowerPoint files made by python-docx and python-pptx, drawn by the built-in
// converters (no LibreOffice): a page per slide at the slide's size with each shape where the
// slide puts it, Word pages split where the file breaks them, tables as grids whose rows read left
// to right on one line, pictures drawn, headers and footers on every page, notes nowhere.
import { beforeAll, describe, expect, it } from '@jest/globals';
import * as mupdf from 'mupdf';
import { convertDocx } from '../../src/documents/formats/docx-pages.js';
import { convertPptx } from '../../src/documents/formats/pptx-pages.js';
import { parseXml } from '../../src/documents/formats/ooxml.js';
import { readPageText } from '../../src/documents/text-layer.js';
import { makeOfficeDocuments, type OfficeDocuments } from '../fixtures/office.js';

const LIMITS = { maxPages: 100, maxUnpackedBytes: 128 * 1024 * 1024 };
let docs: OfficeDocuments;

beforeAll(async () => {
  docs = await makeOfficeDocuments();
}, 600_000);

interface Drawn {
  pages: Array<{ text: string; words: ReturnType<typeof readPageText>['words']; bounds: mupdf.Rect; images: mupdf.Rect[] }>;
}

function read(pdf: Uint8Array): Drawn {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const pages: Drawn['pages'] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const images: mupdf.Rect[] = [];
      const stext = page.toStructuredText('preserve-images');
      stext.walk({ onImageBlock: (bbox) => void images.push(bbox) });
      stext.destroy();
      pages.push({ ...readPageText(doc, i), bounds: page.getBounds(), images });
      page.destroy();
    }
    return { pages };
  } finally {
    doc.destroy();
  }
}

describe('PowerPoint without LibreOffice', () => {
  it('a 6-slide deck is 6 pages at 16:9, each slide\'s text on its own page, notes nowhere', () => {
    const { pdf, pageCount } = convertPptx(docs.deck, LIMITS);
    const drawn = read(pdf);
    expect([pageCount, drawn.pages.length]).toEqual([6, 6]);
    drawn.pages.forEach((page, i) => {
      const [x0, y0, x1, y1] = page.bounds;
      expect((x1 - x0) / (y1 - y0)).toBeCloseTo(16 / 9, 2);
      expect(page.text).toContain(`Slide ${i + 1} title`);
      expect(page.text).toContain(`Point ${i + 1} alpha`);
      expect(page.text).toContain(`Point ${i + 1} beta`);
      for (let other = 1; other <= 6; other++) if (other !== i + 1) expect(page.text).not.toContain(`Slide ${other} title`);
      expect(page.text).not.toContain('Speaker notes');
    });
    // Pictures on slides 2 and 5, at 9 in, 2 in (3 × 2 in) of a 13.333 × 7.5 in slide.
    expect(drawn.pages.map((p) => p.images.length)).toEqual([0, 1, 0, 0, 1, 0]);
    const [ix0, iy0, ix1, iy1] = drawn.pages[1]!.images[0]!;
    expect([ix0 / 72, iy0 / 72, ix1 / 72, iy1 / 72].map((n) => Math.round(n * 10) / 10)).toEqual([9, 2, 12, 4]);
    // The text box placed at 8 in, 6 in: its words are there, not in the flow of the slide.
    const note = drawn.pages[5]!.words.find((w) => w.text === 'Lower')!;
    expect(note.box.x0).toBeGreaterThan(8 / 13.333);
    expect(note.box.x0).toBeLessThan(8.3 / 13.333);
    expect(note.box.y0).toBeGreaterThan(6 / 7.5);
    // The title sits above the bullets.
    const title = drawn.pages[0]!.words.find((w) => w.text === 'Slide')!;
    const bullet = drawn.pages[0]!.words.find((w) => w.text === 'alpha')!;
    expect(title.box.y1).toBeLessThan(bullet.box.y0);
  });

  it('a table on a slide: its rows read as lines, left to right', () => {
    const page = read(convertPptx(docs.deck, LIMITS).pdf).pages[3]!;
    expect(page.text.split('\n')).toEqual(expect.arrayContaining(['Region Units Revenue', 'North 1200 85.5']));
  });
});

describe('Word without LibreOffice', () => {
  it('a file with 3 page breaks is 4 pages; header and footer on each', () => {
    const { pdf, pageCount } = convertDocx(docs.report, LIMITS);
    const drawn = read(pdf);
    expect([pageCount, drawn.pages.length]).toEqual([4, 4]);
    drawn.pages.forEach((page, i) => {
      expect(page.text).toContain(`Part ${i + 1} heading`);
      expect(page.text).toContain(`Body text of part ${i + 1}.`);
      for (let other = 1; other <= 4; other++) if (other !== i + 1) expect(page.text).not.toContain(`Part ${other} heading`);
      const header = page.words.find((w) => w.text === 'Quarterly')!;
      const footer = page.words.find((w) => w.text === 'Confidential')!;
      const heading = page.words.find((w) => w.text === 'Part')!;
      expect(header.box.y1).toBeLessThan(heading.box.y0);
      expect(footer.box.y0).toBeGreaterThan(0.85);
    });
  });

  it('a table is a grid: the cells of a row on one line, left to right', () => {
    const page = read(convertDocx(docs.report, LIMITS).pdf).pages[1]!;
    expect(page.text.split('\n')).toEqual(expect.arrayContaining(['Item Quantity Price', 'Apples 12 1,200', 'Pears 7 85.5']));
    const row = ['Apples', '12', '1,200'].map((t) => page.words.find((w) => w.text === t)!);
    for (const w of row) expect(Math.abs(w.box.y0 - row[0]!.box.y0)).toBeLessThan(0.002);
    expect(row[0]!.box.x1).toBeLessThan(row[1]!.box.x0);
    expect(row[1]!.box.x1).toBeLessThan(row[2]!.box.x0);
    // The words of the text endpoint come in the same order.
    const order = page.words.map((w) => w.text);
    expect(order.indexOf('Apples')).toBe(order.indexOf('12') - 1);
    expect(order.indexOf('12')).toBe(order.indexOf('1,200') - 1);
  });

  it('draws the picture on its page; section breaks start new pages', () => {
    expect(read(convertDocx(docs.report, LIMITS).pdf).pages.map((p) => p.images.length)).toEqual([0, 0, 1, 0]);
    const sections = read(convertDocx(docs.sections, LIMITS).pdf);
    expect(sections.pages.map((p) => p.text.trim())).toEqual(['First section text', 'Section 2 text', 'Section 3 text']);
  });

  it('refuses more pages than allowed', () => {
    expect(() => convertDocx(docs.report, { ...LIMITS, maxPages: 2 })).toThrow(expect.objectContaining({ code: 'document_too_many_pages' }));
    expect(() => convertPptx(docs.deck, { ...LIMITS, maxPages: 5 })).toThrow(expect.objectContaining({ code: 'document_too_many_pages' }));
  });
});

describe('the XML reader', () => {
  it('reads elements by local name, decodes character references and never expands a DTD entity', () => {
    const root = parseXml(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "expanded">]><w:doc xmlns:w="u"><w:t a="1&amp;2">A &lt;b&gt; &#x263A; &e;</w:t><w:br/></w:doc>`);
    const doc = root.children[0]!;
    expect(doc.name).toBe('doc');
    expect(doc.children.map((c) => c.name)).toEqual(['t', 'br']);
    expect(doc.children[0]!.attrs.a).toBe('1&2');
    expect(doc.children[0]!.text).toBe('A <b> ☺ &e;');
  });
});
