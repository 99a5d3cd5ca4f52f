// Writes receipts/NN.pdf (one text page per receipt, drawn with mupdf) and receipts/NN.json (its
// right answer) from receipts.ts. Deterministic; the output is committed so the set ships as is.
//
//   npx tsx examples/evaluation/make-receipts.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { expectedOutput, printedLines, RECEIPTS } from './receipts.js';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'receipts');
const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A receipt-sized page (80 mm wide) with the lines in a monospaced font. */
function receiptPdf(lines: string[]): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = new mupdf.Font('Courier');
  try {
    const size = 9;
    const height = 60 + lines.length * size * 1.4;
    const resources = doc.addObject({ Font: { F1: doc.addSimpleFont(font) } });
    const text = lines.map((l) => `(${escape(l)}) Tj T*`).join(' ');
    const contents = `BT /F1 ${size} Tf ${size * 1.4} TL 14 ${height - 30} Td ${text} ET`;
    doc.insertPage(-1, doc.addPage([0, 0, 227, height], 0, resources, contents));
    return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  } finally {
    font.destroy();
    doc.destroy();
  }
}

mkdirSync(OUT, { recursive: true });
RECEIPTS.forEach((r, i) => {
  const n = String(i + 1).padStart(2, '0');
  writeFileSync(path.join(OUT, `${n}.pdf`), receiptPdf(printedLines(r)));
  writeFileSync(path.join(OUT, `${n}.json`), `${JSON.stringify(expectedOutput(r), null, 2)}\n`);
});
console.log(`wrote ${RECEIPTS.length} receipts to ${path.relative(process.cwd(), OUT)}/`);
