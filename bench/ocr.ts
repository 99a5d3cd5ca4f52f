// OCR accuracy and speed on public scanned receipts (issue 54): `npm run bench -- ocr` reads
// ../shared/samples/sroie (20 SROIE receipts with labelled lines and key fields; its NOTICE.md)
// with the service's OCR pool on one worker (one core), for each preprocessing variant:
// - word recall: labelled words of ≥ 2 letters or digits found among the OCR words (upper case,
//   punctuation dropped; each OCR word counts once);
// - on line: share of found words whose box centre lies on their labelled line's box;
// - total + date: share of the `total` and `date` values present in the page text (spaces ignored);
// - seconds per receipt (sequential, one worker) and the process's peak RSS.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OcrPool, type OcrSettings } from '../src/documents/ocr.js';
import { isMain, runStandalone, type Benchmark } from './lib/main.js';
import { table, type Section } from './lib/stats.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// ../shared beside the checkout (a worktree under wt/ looks one level further up); OCR_SAMPLES overrides.
const SAMPLES =
  process.env.OCR_SAMPLES ??
  [path.join(ROOT, '../shared/samples/sroie'), path.join(ROOT, '../../shared/samples/sroie')].find((p) => existsSync(p)) ??
  path.join(ROOT, '../shared/samples/sroie');

interface Line {
  words: string[];
  box: { x0: number; y0: number; x1: number; y1: number };
}

const norm = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

function readLines(csv: string): Line[] {
  return csv
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const parts = l.split(',');
      const n = parts.slice(0, 8).map(Number);
      const xs = [n[0]!, n[2]!, n[4]!, n[6]!];
      const ys = [n[1]!, n[3]!, n[5]!, n[7]!];
      return {
        words: parts.slice(8).join(',').split(/\s+/).map(norm).filter((w) => w.length >= 2),
        box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
      };
    });
}

function imageSize(jpeg: Buffer): { width: number; height: number } {
  // The SOF marker of a baseline or progressive JPEG.
  for (let i = 2; i < jpeg.length - 8; ) {
    if (jpeg[i] !== 0xff) return { width: 0, height: 0 };
    const marker = jpeg[i + 1]!;
    const len = jpeg.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(i + 5), width: jpeg.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return { width: 0, height: 0 };
}

interface Variant {
  name: string;
  settings: Partial<OcrSettings>;
}

// Rows before the service default's second reading of small print turn it off (minTextHeight 0) or
// say how it was done then (whole page, better-scored reading kept, for any confidence).
const WHOLE = { cropSmallPrint: false, smallPrintConfidence: 1 };
const VARIANTS: Variant[] = [
  { name: 'plain (best_int, no preprocessing, Otsu)', settings: { preprocess: { minLongSide: 0, grayscale: false, rotations: false, minTextHeight: 0 } } },
  { name: 'service default (grey, long side ≥ 1000, Otsu, other turns tried when poor; small print read with little confidence read again, its region scaled to 32 px)', settings: {} },
  { name: 'grey, long side ≥ 1000, Otsu (previous default, no second reading)', settings: { preprocess: { minTextHeight: 0 } } },
  { name: 'grey, long side ≥ 1000, Sauvola thresholds (thresholding_method 2)', settings: { preprocess: { minTextHeight: 0 }, params: { thresholding_method: '2' } } },
  { name: 'grey, long side ≥ 1000, tiled Otsu (thresholding_method 1)', settings: { preprocess: { minTextHeight: 0 }, params: { thresholding_method: '1' } } },
  { name: 'grey + contrast stretch, long side ≥ 1600, Otsu', settings: { preprocess: { minLongSide: 1600, normalise: true, minTextHeight: 0 }, params: { thresholding_method: '0' } } },
  { name: 'grey, short side ≥ 1000, Otsu', settings: { preprocess: { minLongSide: 0, minShortSide: 1000, minTextHeight: 0 }, params: { thresholding_method: '0' } } },
  { name: 'grey, long side ≥ 1000, Otsu, page segmentation 6 (one block)', settings: { preprocess: { minTextHeight: 0 }, params: { thresholding_method: '0', tessedit_pageseg_mode: '6' } } },
  { name: 'grey, long side ≥ 1000, Otsu, page segmentation 4 (one column)', settings: { preprocess: { minTextHeight: 0 }, params: { tessedit_pageseg_mode: '4' } } },
  { name: 'grey, long side ≥ 1000, Otsu, page segmentation 11 (sparse text)', settings: { preprocess: { minTextHeight: 0 }, params: { tessedit_pageseg_mode: '11' } } },
  { name: 'grey, long side ≥ 1000, Otsu, page segmentation 12 (sparse text, OSD)', settings: { preprocess: { minTextHeight: 0 }, params: { tessedit_pageseg_mode: '12' } } },
  { name: 'grey, long side ≥ 1000, Otsu, 4.0.0 data (LSTM part of the fast + legacy package)', settings: { preprocess: { minTextHeight: 0 }, dataVariant: '4.0.0' } },
  { name: 'grey, long side ≥ 1000, Otsu, small print (words < 20 px) read again scaled to 32 px', settings: { preprocess: { minTextHeight: 20, textHeight: 32, ...WHOLE }, params: { thresholding_method: '0' } } },
  { name: 'Sauvola + small print (words < 16 px) read again scaled to 26 px', settings: { preprocess: { minTextHeight: 16, textHeight: 26, ...WHOLE }, params: { thresholding_method: '2' } } },
  { name: 'small print (< 20 px) read again, its region only, scaled to 32 px', settings: { preprocess: { minTextHeight: 20, textHeight: 32, cropSmallPrint: true, smallPrintConfidence: 1 } } },
  { name: 'small print (< 24 px) read again, its region only, scaled to 32 px', settings: { preprocess: { minTextHeight: 24, textHeight: 32, cropSmallPrint: true, smallPrintConfidence: 1 } } },
  { name: 'small print (< 26 px) read again, its region only, scaled to 32 px, any confidence', settings: { preprocess: { minTextHeight: 26, textHeight: 32, cropSmallPrint: true, smallPrintConfidence: 1 } } },
  { name: 'small print (< 26 px) read again, its region only, scaled to 28 px, any confidence', settings: { preprocess: { minTextHeight: 26, textHeight: 28, cropSmallPrint: true, smallPrintConfidence: 1 } } },
  { name: 'small print (< 26 px) read again, its region only, scaled to 30 px, any confidence', settings: { preprocess: { minTextHeight: 26, textHeight: 30, cropSmallPrint: true, smallPrintConfidence: 1 } } },
];

async function measure(variant: Variant, names: string[]) {
  const pool = new OcrPool({ languages: ['eng'], timeoutMs: 120_000, workers: 1, ...variant.settings });
  let labelled = 0;
  let found = 0;
  let onLine = 0;
  let keys = 0;
  let keysFound = 0;
  let seconds = 0;
  let cpu = 0;
  const misses: string[] = [];
  try {
    await pool.read(readFileSync(path.join(SAMPLES, `${names[0]}.jpg`))); // load the worker: not timed
    for (const name of names) {
      const before = { labelled, found, onLine, keysFound };
      const jpeg = readFileSync(path.join(SAMPLES, `${name}.jpg`));
      const { width, height } = imageSize(jpeg);
      const t0 = performance.now();
      const c0 = process.cpuUsage(); // every thread of the process: the tesseract worker thread included
      const result = await pool.read(jpeg);
      seconds += (performance.now() - t0) / 1000;
      const c = process.cpuUsage(c0);
      if (process.env.OCR_DUMP) writeFileSync(path.join(process.env.OCR_DUMP, `${name}.txt`), result?.text ?? '');
      cpu += (c.user + c.system) / 1e6;
      const words = (result?.words ?? []).map((w) => ({ text: norm(w.text), cx: ((w.box.x0 + w.box.x1) / 2) * width, cy: ((w.box.y0 + w.box.y1) / 2) * height, used: false }));
      for (const line of readLines(readFileSync(path.join(SAMPLES, `${name}.csv`), 'utf8'))) {
        const on = (w: { cx: number; cy: number }) => w.cx >= line.box.x0 && w.cx <= line.box.x1 && w.cy >= line.box.y0 && w.cy <= line.box.y1;
        for (const word of line.words) {
          labelled++;
          const match = words.find((w) => !w.used && w.text === word && on(w)) ?? words.find((w) => !w.used && w.text === word);
          if (!match) {
            misses.push(`${name}:${word}`);
            continue;
          }
          match.used = true;
          found++;
          if (on(match)) onLine++;
        }
      }
      const fields = JSON.parse(readFileSync(path.join(SAMPLES, `${name}.json`), 'utf8')) as Record<string, string>;
      const text = (result?.text ?? '').toUpperCase().replace(/\s+/g, '');
      for (const key of ['total', 'date']) {
        if (!fields[key]) continue;
        keys++;
        if (text.includes(fields[key]!.toUpperCase().replace(/\s+/g, ''))) keysFound++;
        else misses.push(`${name}:${key}=${fields[key]}`);
      }
      // OCR_PER_RECEIPT=1: each receipt's words found of labelled, on line, key fields found, CPU s.
      if (process.env.OCR_PER_RECEIPT) console.error(`ocr: ${variant.name}: ${name} words ${found - before.found}/${labelled - before.labelled} on line ${onLine - before.onLine} keys ${keysFound - before.keysFound} cpu ${((c.user + c.system) / 1e6).toFixed(2)} turn ${result?.rotation ?? '-'}`);
    }
  } finally {
    await pool.close();
  }
  if (process.env.OCR_MISSES) console.error(`ocr: ${variant.name}: missed ${misses.join(' ')}`);
  return { recall: found / labelled, onLine: onLine / Math.max(1, found), keys: keysFound / Math.max(1, keys), perPage: seconds / names.length, cpuPerPage: cpu / names.length, labelled };
}

export const ocrBenchmark: Benchmark = async (): Promise<Section> => {
  if (!existsSync(SAMPLES)) return { title: 'ocr', body: `Skipped: no samples at ${SAMPLES}.` };
  const names = readdirSync(SAMPLES)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.slice(0, -4))
    .sort();
  const only = process.env.OCR_VARIANTS?.split(',').map(Number);
  const rows: Array<Array<string | number>> = [];
  // OCR_VARIANT='{"name":…,"settings":{…}}' measures one ad-hoc variant instead of the table's.
  const adhoc = process.env.OCR_VARIANT ? [JSON.parse(process.env.OCR_VARIANT) as Variant] : undefined;
  for (const [i, variant] of (adhoc ?? VARIANTS).entries()) {
    if (!adhoc && only && !only.includes(i)) continue;
    const m = await measure(variant, names);
    rows.push([variant.name, m.recall.toFixed(3), m.onLine.toFixed(3), m.keys.toFixed(3), m.perPage.toFixed(2), m.cpuPerPage.toFixed(2), (process.resourceUsage().maxRSS / 1024).toFixed(0)]);
    console.error(`ocr: ${variant.name}: ${rows.at(-1)!.slice(1).join(' ')}`);
  }
  return {
    title: 'ocr',
    body: [
      `${names.length} SROIE receipts (../shared/samples/sroie), tesseract.js 7, eng, one worker (one core), receipts read one after the other; the first read (worker start) is not timed.`,
      '',
      table(['variant', 'word recall', 'found words on their line', 'total + date in text', 's / receipt', 'CPU s / receipt', 'peak RSS MiB (process, cumulative)'], rows),
      '',
      'Targets (issue 54): recall ≥ 0.85, on line ≥ 0.90, total + date ≥ 0.80, ≤ 1.5 s per receipt on one core.',
    ].join('\n'),
  };
};

if (isMain(import.meta.url)) await runStandalone(ocrBenchmark, { needsInfra: false });
