// The format registry: every format an upload (or an e-mail's attachment) may be, one entry each —
// what it is recorded as (media type, kind), the hints that tell it from its siblings, what makes
// its pages and whether it has attachments. Read by the sniffer (sniff.ts), the converters
// (registry.ts: one per entry whose pages come from a converter, checked by the compiler), the one
// upload dispatcher (src/domain/upload-formats.ts) and the docs. Adding a format: its entry here,
// its signature in sniff.ts if its bytes have one, its converter in registry.ts, and its tests.
import type { FileKind } from './types.js';

export type FormatId =
  | 'pdf' | 'png' | 'jpeg'
  | 'tiff' | 'bmp' | 'gif' | 'webp'
  | 'docx' | 'pptx' | 'xlsx' | 'xlsm'
  | 'html' | 'epub'
  | 'text' | 'markdown' | 'csv'
  | 'eml' | 'msg'
  | 'odt' | 'ods' | 'odp' | 'rtf' | 'doc' | 'xls' | 'ppt';

/**
 * What makes a format's pages: `original` its own bytes (stored as they are), `converter` its
 * converter in registry.ts (a PDF rendition), `message` the e-mail parser (render op 'email'),
 * which also hands back the attachments.
 */
export type PageSource = 'original' | 'converter' | 'message';

export interface FormatInfo {
  /** Recorded as the file's media_type. */
  mediaType: string;
  kind: FileKind;
  /** How people name it (in error details and the README). */
  label: string;
  /** Other media types a client may declare for it. */
  aliases?: readonly string[];
  /** File name extensions, the usual one first (it names an attachment that came without a name). */
  extensions: readonly string[];
  /**
   * Text told apart from plain text only by the hints: a declared type (mediaType, aliases) or a
   * file name (extensions). Every other format is named by its bytes alone.
   */
  textByHint?: boolean;
  pages: PageSource;
  /** Its attachments are stored as files of their own (e-mail). */
  attachments?: boolean;
  /**
   * The bytes alone do not tell this format from its siblings (a ZIP container, text): a declared
   * type or filename that disagrees is not refused (the bytes win).
   */
  ambiguous?: boolean;
  /** Converted by LibreOffice (optional on the host). */
  libreOffice?: boolean;
}

const ENTRIES = {
  pdf: { mediaType: 'application/pdf', kind: 'pdf', label: 'PDF', aliases: ['application/x-pdf'], extensions: ['pdf'], pages: 'original' },
  png: { mediaType: 'image/png', kind: 'image', label: 'PNG', aliases: ['image/x-png'], extensions: ['png'], pages: 'original' },
  jpeg: { mediaType: 'image/jpeg', kind: 'image', label: 'JPEG', aliases: ['image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'], pages: 'original' },
  tiff: { mediaType: 'image/tiff', kind: 'image', label: 'TIFF', aliases: ['image/tif', 'image/x-tiff'], extensions: ['tiff', 'tif'], pages: 'converter' },
  bmp: { mediaType: 'image/bmp', kind: 'image', label: 'BMP', aliases: ['image/x-bmp', 'image/x-ms-bmp'], extensions: ['bmp'], pages: 'converter' },
  gif: { mediaType: 'image/gif', kind: 'image', label: 'GIF', extensions: ['gif'], pages: 'converter' },
  webp: { mediaType: 'image/webp', kind: 'image', label: 'WEBP', extensions: ['webp'], pages: 'converter' },
  docx: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document', label: 'Word (DOCX)', ambiguous: true, extensions: ['docx'], pages: 'converter' },
  pptx: { mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'presentation', label: 'PowerPoint (PPTX)', ambiguous: true, extensions: ['pptx'], pages: 'converter' },
  xlsx: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'spreadsheet', label: 'Excel (XLSX)', ambiguous: true, extensions: ['xlsx'], pages: 'converter' },
  xlsm: { mediaType: 'application/vnd.ms-excel.sheet.macroEnabled.12', kind: 'spreadsheet', label: 'Excel with macros (XLSM)', ambiguous: true, extensions: ['xlsm'], pages: 'converter' },
  html: { mediaType: 'text/html', kind: 'web', label: 'HTML', aliases: ['application/xhtml+xml'], ambiguous: true, extensions: ['html', 'htm'], pages: 'converter' },
  epub: { mediaType: 'application/epub+zip', kind: 'document', label: 'EPUB', ambiguous: true, extensions: ['epub'], pages: 'converter' },
  text: { mediaType: 'text/plain', kind: 'text', label: 'plain text (UTF-8, UTF-16 with BOM)', ambiguous: true, extensions: ['txt'], pages: 'converter' },
  markdown: { mediaType: 'text/markdown', kind: 'text', label: 'Markdown', aliases: ['text/x-markdown'], ambiguous: true, extensions: ['md', 'markdown'], pages: 'converter', textByHint: true },
  csv: { mediaType: 'text/csv', kind: 'text', label: 'CSV', ambiguous: true, extensions: ['csv'], pages: 'converter', textByHint: true },
  eml: { mediaType: 'message/rfc822', kind: 'email', label: 'e-mail (EML)', ambiguous: true, extensions: ['eml'], pages: 'message', attachments: true },
  msg: { mediaType: 'application/vnd.ms-outlook', kind: 'email', label: 'Outlook e-mail (MSG)', ambiguous: true, extensions: ['msg'], pages: 'message', attachments: true },
  odt: { mediaType: 'application/vnd.oasis.opendocument.text', kind: 'document', label: 'OpenDocument text (ODT)', ambiguous: true, libreOffice: true, extensions: ['odt'], pages: 'converter' },
  ods: { mediaType: 'application/vnd.oasis.opendocument.spreadsheet', kind: 'spreadsheet', label: 'OpenDocument spreadsheet (ODS)', ambiguous: true, libreOffice: true, extensions: ['ods'], pages: 'converter' },
  odp: { mediaType: 'application/vnd.oasis.opendocument.presentation', kind: 'presentation', label: 'OpenDocument presentation (ODP)', ambiguous: true, libreOffice: true, extensions: ['odp'], pages: 'converter' },
  rtf: { mediaType: 'application/rtf', kind: 'document', label: 'RTF', aliases: ['text/rtf'], libreOffice: true, extensions: ['rtf'], pages: 'converter' },
  doc: { mediaType: 'application/msword', kind: 'document', label: 'Word 97-2003 (DOC)', ambiguous: true, libreOffice: true, extensions: ['doc'], pages: 'converter' },
  xls: { mediaType: 'application/vnd.ms-excel', kind: 'spreadsheet', label: 'Excel 97-2003 (XLS)', ambiguous: true, libreOffice: true, extensions: ['xls'], pages: 'converter' },
  ppt: { mediaType: 'application/vnd.ms-powerpoint', kind: 'presentation', label: 'PowerPoint 97-2003 (PPT)', ambiguous: true, libreOffice: true, extensions: ['ppt'], pages: 'converter' },
} as const satisfies Record<FormatId, FormatInfo>;

export const FORMATS: Readonly<Record<FormatId, FormatInfo>> = ENTRIES;

/** The formats whose pages a converter makes: registry.ts must have one for each. */
export type ConvertedFormatId = { [F in FormatId]: (typeof ENTRIES)[F]['pages'] extends 'converter' ? F : never }[FormatId];

/** The formats whose original bytes are the pages (no rendition is made). */
export const ORIGINAL_PAGES: ReadonlySet<FormatId> = new Set((Object.keys(FORMATS) as FormatId[]).filter((f) => FORMATS[f].pages === 'original'));
