// The upload dispatcher's helpers (upload-formats.ts): the accepted formats as a refusal names
// them, the LibreOffice binary, and a stored PDF's page count and form rendition.
import type { Config } from '../config/index.js';
import { FORMATS, findLibreOffice, inspectDocumentInPool, readFormInPool, isDocumentError, type FormatId } from '../documents/index.js';

/** The formats accepted (every entry of the format registry), as the refusal of any other names them. */
export function acceptedFormats(): string {
  return (Object.keys(FORMATS) as FormatId[]).map((f) => FORMATS[f].label + (FORMATS[f].libreOffice ? ' (with LibreOffice)' : '')).join(', ');
}

/** The soffice binary uploads are converted with: none when SERVICE_LIBREOFFICE is off or none is installed. */
export function libreOfficeFor(config: Pick<Config, 'libreOffice' | 'libreOfficePath'>): string | null {
  return config.libreOffice === 'off' ? null : findLibreOffice(config.libreOfficePath);
}

/**
 * A stored PDF's page count, or null when it cannot be read: such a PDF is still stored as before
 * (its jobs fail with the document's code), only its record has no count.
 */
export async function originalPageCount(pdf: Buffer, config: Config): Promise<number | null> {
  try {
    return (await inspectDocumentInPool(pdf, 'application/pdf', { dpi: config.renderDpi, maxPixels: config.renderMaxPixels, maxPages: config.maxPages })).pageCount;
  } catch (err) {
    if (isDocumentError(err)) return null;
    throw err;
  }
}

/**
 * A PDF with an AcroForm: the copy whose pages show the fields' values as page content (the pages
 * the model, the text layer and provenance read); null for a PDF without a form or one whose form
 * cannot be read (its own pages are used, as before).
 */
export async function formRendition(pdf: Buffer): Promise<Buffer | null> {
  try {
    return (await readFormInPool(pdf, true)).pdf as Buffer | null;
  } catch (err) {
    if (isDocumentError(err)) return null;
    throw err;
  }
}
