// A PDF's AcroForm: its fields read (name, type, value, where), and a copy of the PDF whose pages
// show the values as page content, so the text layer (words, search, the model's text) holds
// them at their place. Text and choice fields keep their appearance (mupdf regenerates it from the
// value, as viewers do with NeedAppearances) and are baked into the page; checkboxes and radio
// buttons are drawn as a box, crossed when on, whose text is ☒ or ☐ (ActualText over an
// invisible glyph: the base fonts have no ballot box). Runs in a render thread (render-task.ts).
import * as mupdf from 'mupdf';
import { DocumentError } from './errors.js';

export type FormFieldType = 'text' | 'checkbox' | 'radio' | 'choice' | 'signature';

export interface FormField {
  name: string;
  type: FormFieldType;
  /** Text and choice: the text; checkbox: true/false; radio: the chosen option, or false; signature: true when signed. */
  value: string | boolean;
  /** One-based page. */
  page: number;
  /** Page fractions (0..1, origin top-left), like word boxes. */
  box: { x0: number; y0: number; x1: number; y1: number };
}

export interface FormReading {
  fields: FormField[];
  /** The PDF with the values drawn into its pages; null when it has no form (its pages are its own). */
  pdf: Uint8Array | null;
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1e5) / 1e5;
const OFF = new Set(['', 'Off', 'off']);

function fieldType(widget: mupdf.PDFWidget): FormFieldType | null {
  switch (widget.getFieldType()) {
    case 'text':
      return 'text';
    case 'checkbox':
      return 'checkbox';
    case 'radiobutton':
      return 'radio';
    case 'combobox':
    case 'listbox':
      return 'choice';
    case 'signature':
      return 'signature';
    default:
      return null; // push buttons hold no value
  }
}

/** The `AS` appearance state the widget shows. */
function shownState(widget: mupdf.PDFWidget): string {
  const as = widget.getObject().get('AS');
  return as.isName() ? as.asName() : 'Off';
}

function isSigned(widget: mupdf.PDFWidget): boolean {
  const obj = widget.getObject();
  if (obj.get('V').isDictionary()) return true;
  const parent = obj.get('Parent');
  return !parent.isNull() && parent.get('V').isDictionary();
}

/**
 * Reads the form of a PDF and, when it has one and `draw` is set, makes the copy with the values on
 * its pages. A PDF without fields answers `{ fields: [], pdf: null }`.
 */
export function readPdfForm(bytes: Uint8Array, options: { draw: boolean }): FormReading {
  let doc: mupdf.Document | null = null;
  try {
    doc = guard(() => mupdf.Document.openDocument(bytes, 'application/pdf'));
    const pdf = doc.asPDF();
    if (!pdf || guard(() => doc!.needsPassword())) return { fields: [], pdf: null };
    const fields: FormField[] = [];
    // Radio groups: one field, many buttons; reported once, at the chosen button (else the first).
    const radios = new Map<string, number>();
    const boxes: Array<{ page: number; rect: mupdf.Rect; on: boolean }> = [];
    const pageCount = guard(() => pdf.countPages());
    for (let i = 0; i < pageCount; i++) {
      const page = guard(() => pdf.loadPage(i) as mupdf.PDFPage);
      try {
        const widgets = page.getWidgets();
        if (widgets.length === 0) continue;
        const [bx0, by0, bx1, by1] = page.getBounds();
        const w = bx1 - bx0;
        const h = by1 - by0;
        for (const widget of widgets) {
          const type = fieldType(widget);
          if (!type) continue;
          const [x0, y0, x1, y1] = widget.getRect();
          const box = { x0: round((x0 - bx0) / w), y0: round((y0 - by0) / h), x1: round((x1 - bx0) / w), y1: round((y1 - by0) / h) };
          const name = widget.getName();
          if (type === 'checkbox' || type === 'radio') {
            const on = !OFF.has(shownState(widget));
            boxes.push({ page: i, rect: widget.getObject().get('Rect').asJS() as mupdf.Rect, on });
            if (type === 'checkbox') {
              fields.push({ name, type, value: on, page: i + 1, box });
            } else {
              const known = radios.get(name);
              const option = on ? shownState(widget) : null;
              if (known === undefined) {
                radios.set(name, fields.length);
                fields.push({ name, type, value: option ?? false, page: i + 1, box });
              } else if (option) fields[known] = { name, type, value: option, page: i + 1, box };
            }
          } else if (type === 'signature') {
            fields.push({ name, type, value: isSigned(widget), page: i + 1, box });
          } else {
            fields.push({ name, type, value: widget.getValue(), page: i + 1, box });
          }
        }
      } finally {
        page.destroy();
      }
    }
    if (fields.length === 0 || !options.draw) return { fields, pdf: null };
    return { fields, pdf: drawValues(pdf, boxes) };
  } finally {
    doc?.destroy();
  }
}

/** The form's values as page content: buttons as ☒/☐ boxes, the other fields baked. */
function drawValues(pdf: mupdf.PDFDocument, boxes: Array<{ page: number; rect: mupdf.Rect; on: boolean }>): Uint8Array {
  return guard(() => {
    // Every text and choice widget's appearance is regenerated from its value, then baked into the page.
    for (let i = 0; i < pdf.countPages(); i++) {
      const page = pdf.loadPage(i) as mupdf.PDFPage;
      try {
        for (const widget of page.getWidgets()) {
          // Buttons are drawn as ☒/☐ below; an unsigned signature field would be baked as mupdf's "SIGN" placeholder.
          if (widget.isCheckbox() || widget.isRadioButton() || (widget.getFieldType() === 'signature' && !isSigned(widget))) page.deleteAnnotation(widget);
          else if (widget.isText() || widget.isChoice()) widget.update();
        }
      } finally {
        page.destroy();
      }
    }
    pdf.bake(false, true);
    const font = pdf.addSimpleFont(new mupdf.Font('Helvetica'));
    const byPage = new Map<number, typeof boxes>();
    for (const b of boxes) byPage.set(b.page, [...(byPage.get(b.page) ?? []), b]);
    for (const [index, list] of byPage) {
      const pageObj = pdf.findPage(index);
      const ops = list.map(({ rect: [x0, y0, x1, y1], on }) => {
        const s = Math.min(x1 - x0, y1 - y0);
        const [x, y] = [x0 + (x1 - x0 - s) / 2, y0 + (y1 - y0 - s) / 2];
        const f = (n: number) => n.toFixed(2);
        const cross = on ? `${f(x + 2)} ${f(y + 2)} m ${f(x + s - 2)} ${f(y + s - 2)} l ${f(x + 2)} ${f(y + s - 2)} m ${f(x + s - 2)} ${f(y + 2)} l S ` : '';
        // The glyph is invisible (3 Tr); the text it stands for is the ballot box.
        return `q 0 G 0.8 w ${f(x + 0.5)} ${f(y + 0.5)} ${f(s - 1)} ${f(s - 1)} re S ${cross}Q /Span <</ActualText <FEFF${on ? '2612' : '2610'}>>> BDC BT 3 Tr /DxHelv ${f(s * 0.8)} Tf ${f(x + s * 0.1)} ${f(y + s * 0.2)} Td (X) Tj ET EMC`;
      });
      let resources = pageObj.getInheritable('Resources');
      if (!resources.isDictionary()) resources = pdf.newDictionary();
      let fonts = resources.get('Font');
      if (!fonts.isDictionary()) {
        fonts = pdf.newDictionary();
        resources.put('Font', fonts);
      }
      fonts.put('DxHelv', font);
      pageObj.put('Resources', resources);
      const stream = pdf.addStream(`\nq ${ops.join('\n')} Q\n`, {});
      const contents = pageObj.get('Contents');
      const list2 = pdf.newArray();
      if (contents.isArray()) contents.forEach((c: mupdf.PDFObject) => list2.push(c));
      else if (!contents.isNull()) list2.push(contents);
      list2.push(stream);
      pageObj.put('Contents', list2);
    }
    pdf.getTrailer().get('Root').delete('AcroForm');
    return pdf.saveToBuffer('compress,garbage').asUint8Array().slice();
  });
}

function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new DocumentError('document_corrupt', `The PDF's form could not be read (${reason}).`, { cause: err });
  }
}
