// `npm run bench`: every benchmark on one shared infrastructure, tables on stdout, and
// bench/RESULTS.md rewritten with the figures, the machine and the commit. The hand-written
// part of RESULTS.md below the NOTES_MARKER line is kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { batchBenchmark } from './batch.js';
import { cancelStormBenchmark } from './cancel-storm.js';
import { convertBenchmark, workbookMemoryBenchmark } from './convert.js';
import { jobsBenchmark } from './jobs.js';
import { longExtractionBenchmark } from './long-extraction.js';
import { log, startInfra, type Infra } from './lib/infra.js';
import { describeMachine, machineMarkdown } from './lib/machine.js';
import type { Benchmark } from './lib/main.js';
import { printSection, type Section } from './lib/stats.js';
import { memoryBenchmark } from './memory.js';
import { ocrBenchmark } from './ocr.js';
import { parseBenchmark } from './parse.js';
import { readsBenchmark } from './reads.js';
import { renderBenchmark } from './render.js';
import { storageBenchmark } from './storage.js';

const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const NOTES_MARKER = '<!-- notes: everything below this line is kept by `npm run bench` -->';

const benchmarks: Array<[string, Benchmark]> = [
  ['jobs', jobsBenchmark],
  ['render', renderBenchmark],
  ['convert', convertBenchmark],
  ['workbook', workbookMemoryBenchmark],
  ['parse', parseBenchmark],
  ['long extraction', longExtractionBenchmark],
  ['reads', readsBenchmark],
  ['memory', memoryBenchmark],
  ['batch', batchBenchmark],
  ['cancel storm', cancelStormBenchmark],
  ['ocr', ocrBenchmark],
  ['storage', storageBenchmark],
];

// `npm run bench -- ocr` (names as above) runs those only and replaces only their sections of RESULTS.md.
const only = process.argv.slice(2);
if (only.length > 0) {
  const unknown = only.filter((n) => !benchmarks.some(([name]) => name === n));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${benchmarks.map(([n]) => n).join(', ')}`);
    process.exit(2);
  }
  benchmarks.splice(0, benchmarks.length, ...benchmarks.filter(([name]) => only.includes(name)));
}

const machine = describeMachine();
const started = performance.now();
const sections: Section[] = [];
const failures: string[] = [];
let infra: Infra | undefined;
try {
  // The OCR benchmark alone needs no database or Temporal.
  if (!(only.length > 0 && only.every((n) => n === 'ocr' || n === 'storage'))) infra = await startInfra();
  for (const [name, bench] of benchmarks) {
    const t0 = performance.now();
    try {
      const section = await bench(infra);
      printSection(section);
      sections.push(section);
    } catch (err) {
      console.error(err);
      failures.push(name);
      sections.push({ title: name, body: `FAILED: ${(err as Error).message}` });
    }
    log(`${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
} finally {
  await infra?.close().catch((err) => console.error('teardown failed:', err));
}

const totalS = (performance.now() - started) / 1000;
const previous = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
const notes = previous.includes(NOTES_MARKER) ? previous.slice(previous.indexOf(NOTES_MARKER) + NOTES_MARKER.length) : '\n';
if (only.length > 0 && previous) {
  // Only the sections run are replaced (or added before the notes); the rest of the file is kept.
  let body = previous.includes(NOTES_MARKER) ? previous.slice(0, previous.indexOf(NOTES_MARKER)) : previous;
  for (const s of sections) {
    const text = `## ${s.title}\n\n${s.body}\n`;
    const at = body.indexOf(`## ${s.title}\n`);
    if (at >= 0) {
      const next = body.indexOf('\n## ', at + 3);
      body = body.slice(0, at) + text + (next >= 0 ? body.slice(next + 1) : '');
    } else {
      body = `${body.trimEnd()}\n\n${text}`;
    }
  }
  writeFileSync(RESULTS, `${body.trimEnd()}\n${NOTES_MARKER}${notes}`);
} else {
  writeFileSync(
    RESULTS,
    [
      '# Benchmark results',
      '',
      `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} in ${totalS.toFixed(0)} s.`,
      '',
      machineMarkdown(machine),
      '',
      ...sections.map((s) => `## ${s.title}\n\n${s.body}\n`),
      NOTES_MARKER,
    ].join('\n') + notes,
  );
}
log(`all benchmarks in ${totalS.toFixed(0)} s; figures written to ${RESULTS}`);
process.exit(failures.length ? 1 : 0);
