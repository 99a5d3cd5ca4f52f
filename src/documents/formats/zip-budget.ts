// A ZIP container (XLSX, XLSM) is inflated entry by entry against a budget before any library
// parses it, so a zip bomb is refused after at most `maxBytes` of output instead of exhausting
// memory. The sizes the archive declares are not trusted: each entry is really inflated, with
// zlib's maxOutputLength as the hard stop.
import { inflateRawSync } from 'node:zlib';
import { DocumentError } from '../errors.js';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** More entries than any real workbook has; a bomb made of many tiny entries stops here. */
export const MAX_ZIP_ENTRIES = 10_000;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
  flags: number;
}

const corrupt = (why: string) => new DocumentError('document_corrupt', `The file is not a readable ZIP container: ${why}`);

/** True when the bytes start like a ZIP archive (a local file header). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === LOCAL_SIGNATURE;
}

/** The entries of the central directory (ZIP64 archives are not read: no workbook we accept needs one). */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt('no end of central directory (truncated?)');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count > MAX_ZIP_ENTRIES) throw new DocumentError('document_too_large', `The container has more than ${MAX_ZIP_ENTRIES} entries`);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw corrupt('a central directory entry is damaged');
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    entries.push({
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      localOffset: buf.readUInt32LE(at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Inflates every entry, refusing the archive with `document_too_large` once the output passes
 * `maxBytes` in all. Throws `document_corrupt` for an entry that cannot be read.
 */
export function checkZipBudget(bytes: Uint8Array, maxBytes: number): { entries: ZipEntry[]; totalBytes: number } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = zipEntries(bytes);
  let total = 0;
  const tooLarge = () =>
    new DocumentError('document_too_large', `The container decompresses to more than ${maxBytes} bytes (the limit); it may be a zip bomb`);
  for (const entry of entries) {
    if (entry.flags & 1) throw new DocumentError('document_encrypted', `The container entry '${entry.name}' is encrypted`);
    const local = entry.localOffset;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL_SIGNATURE) throw corrupt(`entry '${entry.name}' has no local header`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw corrupt(`entry '${entry.name}' is truncated`);
    if (entry.method === 0) {
      total += data.length;
    } else if (entry.method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes - total + 1) }).length;
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) throw tooLarge();
        throw corrupt(`entry '${entry.name}' does not inflate`);
      }
    } else {
      throw corrupt(`entry '${entry.name}' uses compression method ${entry.method}`);
    }
    if (total > maxBytes) throw tooLarge();
  }
  return { entries, totalBytes: total };
}
