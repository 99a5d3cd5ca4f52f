// Office files for the conversion benchmark, written as the smallest valid OOXML packages: a DOCX of
// paragraphs with page breaks, and an XLSX of one sheet of rows (inline strings and numbers).
import { strToU8, zipSync } from 'fflate';

const xml = (s: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${s}`);
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A DOCX of `pages` pages: a heading and ~40 lines of invoice-like text each, a page break between. */
export function makeDocx(pages: number): Buffer {
  const body: string[] = [];
  for (let p = 1; p <= pages; p++) {
    body.push(`<w:p><w:r><w:t>Statement page ${p}</w:t></w:r></w:p>`);
    for (let l = 1; l <= 40; l++) body.push(`<w:p><w:r><w:t>${escape(`Line ${l}: invoice INV-${p}-${l}, amount ${(p * l * 3.17).toFixed(2)} EUR, due 2026-03-${String((l % 28) + 1).padStart(2, '0')}`)}</w:t></w:r></w:p>`);
    if (p < pages) body.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
  }
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
      '_rels/.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}" Target="word/document.xml"/></Relationships>`),
      'word/_rels/document.xml.rels': xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
      'word/document.xml': xml(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`),
    }),
  );
}

/** An XLSX of one sheet: a header row and `rows` rows of five columns. */
export function makeXlsx(rows: number): Buffer {
  const cells = (r: number, values: Array<string | number>) =>
    `<row r="${r}">${values.map((v, i) => (typeof v === 'number' ? `<c r="${'ABCDE'[i]}${r}"><v>${v}</v></c>` : `<c r="${'ABCDE'[i]}${r}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`)).join('')}</row>`;
  const sheetRows = [cells(1, ['Invoice', 'Customer', 'Amount', 'Quantity', 'Status'])];
  for (let r = 2; r <= rows + 1; r++) sheetRows.push(cells(r, [`INV-${r}`, `Customer ${r % 97}`, Number((r * 3.17).toFixed(2)), r % 13, r % 3 ? 'paid' : 'open']));
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
      '_rels/.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}" Target="xl/workbook.xml"/></Relationships>`),
      'xl/workbook.xml': xml('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Invoices" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      'xl/_rels/workbook.xml.rels': xml('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
      'xl/worksheets/sheet1.xml': xml(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`),
    }),
  );
}
