import { crc32, deflateSync } from 'node:zlib';

// The service's icon (GET /favicon.ico, the studio's and the browser's default request): a page with
// a folded corner on the studio's blue, drawn here as a 32×32 PNG so no binary file is committed.

const SIZE = 32;
const BLUE = [0xd7, 0x5b, 0x2a, 0xff]; // BGRA of #2a5bd7
const WHITE = [0xff, 0xff, 0xff, 0xff];
const CLEAR = [0, 0, 0, 0];

/** The colour at (x, y), y from the top: a rounded blue square with a white page on it. */
function pixel(x: number, y: number): number[] {
  const r = 6;
  const cx = x < r ? r : x > SIZE - 1 - r ? SIZE - 1 - r : x;
  const cy = y < r ? r : y > SIZE - 1 - r ? SIZE - 1 - r : y;
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return CLEAR;
  const onPage = x >= 9 && x <= 22 && y >= 6 && y <= 25 && !(x > 17 && y < 6 + (x - 17));
  const line = onPage && x >= 12 && x <= 19 && (y === 13 || y === 17 || y === 21);
  return onPage && !line ? WHITE : BLUE;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 32×32 RGBA PNG (browsers take a PNG at /favicon.ico; OpenAPI client generators know image/png). */
function build(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
    for (let x = 0; x < SIZE; x++) {
      const [b, g, r, a] = pixel(x, y);
      row.set([r!, g!, b!, a!], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const FAVICON_PNG: Buffer = build();
