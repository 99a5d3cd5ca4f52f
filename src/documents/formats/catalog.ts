// Every format an upload may be, what it is recorded as (media type, kind) and how its pages are
// made. Pure data, shared by the sniffer, the converter registry, the upload's checks and the docs.
import type { FileKind } from './types.js';

export type FormatId =
  | 'pdf' | 'png' | 'jpeg'
  | 'tiff' | 'bmp' | 'gif' | 'webp'
  | 'docx' | 'pptx' | 'xlsx' | 'xlsm'
  | 'html' | 'epub'
  | 'text' | 'markdown' | 'csv'
  | 'eml' | 'msg'
  | 'odt' | 'ods' | 'odp' | 'rtf' | 'doc' | 'xls' | 'ppt';

export interface FormatInfo {
  /** Recorded as the file's media_type. */
  mediaType: string;
  kind: FileKind;
  /** How people name it (in error details and the README). */
  label: string;
  /** Other media types a client may declare for it. */
  aliases?: string[];
  /**
   * The bytes alone do not tell this format from its siblings (a ZIP container, text): a declared
   * type or filename that disagrees is not refused (the bytes win).
   */
  ambiguous?: boolean;
  /** Converted by LibreOffice (optional on the host). */
  libreOffice?: boolean;
}

export const FORMATS: Record<FormatId, FormatInfo> = {
  pdf: { mediaType: 'application/pdf', kind: 'pdf', label: 'PDF', aliases: ['application/x-pdf'] },
  png: { mediaType: 'image/png', kind: 'image', label: 'PNG', aliases: ['image/x-png'] },
  jpeg: { mediaType: 'image/jpeg', kind: 'image', label: 'JPEG', aliases: ['image/jpg', 'image/pjpeg'] },
  tiff: { mediaType: 'image/tiff', kind: 'image', label: 'TIFF', aliases: ['image/tif', 'image/x-tiff'] },
  bmp: { mediaType: 'image/bmp', kind: 'image', label: 'BMP', aliases: ['image/x-bmp', 'image/x-ms-bmp'] },
  gif: { mediaType: 'image/gif', kind: 'image', label: 'GIF' },
  webp: { mediaType: 'image/webp', kind: 'image', label: 'WEBP' },
  docx: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document', label: 'Word (DOCX)', ambiguous: true },
  pptx: { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'presentation', label: 'PowerPoint (PPTX)', ambiguous: true },
  xlsx: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'spreadsheet', label: 'Excel (XLSX)', ambiguous: true },
  xlsm: { mediaType: 'application/vnd.ms-excel.sheet.macroEnabled.12', kind: 'spreadsheet', label: 'Excel with macros (XLSM)', ambiguous: true },
  html: { mediaType: 'text/html', kind: 'web', label: 'HTML', aliases: ['application/xhtml+xml'], ambiguous: true },
  epub: { mediaType: 'application/epub+zip', kind: 'document', label: 'EPUB', ambiguous: true },
  text: { mediaType: 'text/plain', kind: 'text', label: 'plain text (UTF-8, UTF-16 with BOM)', ambiguous: true },
  markdown: { mediaType: 'text/markdown', kind: 'text', label: 'Markdown', aliases: ['text/x-markdown'], ambiguous: true },
  csv: { mediaType: 'text/csv', kind: 'text', label: 'CSV', ambiguous: true },
  eml: { mediaType: 'message/rfc822', kind: 'email', label: 'e-mail (EML)', ambiguous: true },
  msg: { mediaType: 'application/vnd.ms-outlook', kind: 'email', label: 'Outlook e-mail (MSG)', ambiguous: true },
  odt: { mediaType: 'application/vnd.oasis.opendocument.text', kind: 'document', label: 'OpenDocument text (ODT)', ambiguous: true, libreOffice: true },
  ods: { mediaType: 'application/vnd.oasis.opendocument.spreadsheet', kind: 'spreadsheet', label: 'OpenDocument spreadsheet (ODS)', ambiguous: true, libreOffice: true },
  odp: { mediaType: 'application/vnd.oasis.opendocument.presentation', kind: 'presentation', label: 'OpenDocument presentation (ODP)', ambiguous: true, libreOffice: true },
  rtf: { mediaType: 'application/rtf', kind: 'document', label: 'RTF', aliases: ['text/rtf'], libreOffice: true },
  doc: { mediaType: 'application/msword', kind: 'document', label: 'Word 97-2003 (DOC)', ambiguous: true, libreOffice: true },
  xls: { mediaType: 'application/vnd.ms-excel', kind: 'spreadsheet', label: 'Excel 97-2003 (XLS)', ambiguous: true, libreOffice: true },
  ppt: { mediaType: 'application/vnd.ms-powerpoint', kind: 'presentation', label: 'PowerPoint 97-2003 (PPT)', ambiguous: true, libreOffice: true },
};

/** The formats whose original bytes are the pages (no rendition is made). */
export const ORIGINAL_PAGES: ReadonlySet<FormatId> = new Set(['pdf', 'png', 'jpeg']);
