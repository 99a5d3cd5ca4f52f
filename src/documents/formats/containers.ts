// What a container holds, read without unpacking it: a ZIP's entry names and declared sizes (its
// central directory) and the few small entries that name the format; an OLE2 compound file's
// stream names. Bounded: a ZIP that declares more than `maxUnpackedBytes` in all is a bomb.
import CFB from 'cfb';
import { unzipSync } from 'fflate';
import { DocumentError } from '../errors.js';
import type { FormatId } from './catalog.js';

/** Decompressed bytes a ZIP container may declare in all (a zip bomb declares far more). */
export const DEFAULT_MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
/** The entries read to name the format are small; a larger one is not what it claims to be. */
const MAX_MARKER_ENTRY_BYTES = 1024 * 1024;

const OOXML_MAIN: Array<[RegExp, FormatId]> = [
  [/wordprocessingml\.document\.main\+xml/, 'docx'],
  [/presentationml\.presentation\.main\+xml/, 'pptx'],
  [/spreadsheetml\.sheet\.main\+xml/, 'xlsx'],
  [/ms-excel\.sheet\.macroEnabled\.main\+xml/, 'xlsm'],
];

const ODF_MIMETYPES: Record<string, FormatId> = {
  'application/epub+zip': 'epub',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/** The format of a ZIP container, or null for a ZIP that is none of ours. */
export function zipFormat(bytes: Uint8Array, maxUnpackedBytes = DEFAULT_MAX_UNPACKED_BYTES): FormatId | null {
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (entry) => {
        declared += entry.originalSize;
        if (declared > maxUnpackedBytes) {
          throw new DocumentError('document_too_large', `The container unpacks to more than ${maxUnpackedBytes} bytes; it is refused as a zip bomb.`);
        }
        const marker = entry.name === '[Content_Types].xml' || entry.name === 'mimetype';
        return marker && entry.originalSize <= MAX_MARKER_ENTRY_BYTES;
      },
    });
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw new DocumentError('document_corrupt', `The ZIP container could not be read (${(err as Error).message}).`, { cause: err });
  }
  const mimetype = entries['mimetype'];
  if (mimetype) {
    const found = ODF_MIMETYPES[Buffer.from(mimetype).toString('latin1').trim()];
    if (found) return found;
  }
  const types = entries['[Content_Types].xml'];
  if (types) {
    const xml = Buffer.from(types).toString('utf8');
    for (const [pattern, format] of OOXML_MAIN) if (pattern.test(xml)) return format;
  }
  return null;
}

/**
 * The format of an OLE2 compound file: the binary Office formats, Outlook's .msg, and the
 * container an encrypted OOXML file (DOCX, XLSX, PPTX with a password) is wrapped in.
 */
export function compoundFileFormat(bytes: Uint8Array): FormatId | null {
  let names: string[];
  try {
    const container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
    names = container.FullPaths.map((p) => p.replace(/\/$/, '').split('/').pop() ?? '');
  } catch (err) {
    throw new DocumentError('document_corrupt', `The compound file could not be read (${(err as Error).message}).`, { cause: err });
  }
  const has = (name: string) => names.includes(name);
  if (has('EncryptedPackage') || has('EncryptionInfo')) {
    throw new DocumentError('document_encrypted', 'The Office file is password-protected and cannot be read.');
  }
  if (has('WordDocument')) return 'doc';
  if (has('Workbook') || has('Book')) return 'xls';
  if (has('PowerPoint Document')) return 'ppt';
  if (names.some((n) => n.startsWith('__substg1.0_'))) return 'msg';
  return null;
}
