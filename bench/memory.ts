// Memory: peak RSS of the worker process while it parses a 300-page mixed PDF, and of the API
// process while it takes a 50 MiB upload (streamed from disk) and serves it back (read and
// discarded). RSS is sampled from /proc/<pid>/status every 25 ms. `npm run bench:memory`.
import { createReadStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { log, type Infra } from './lib/infra.js';
import { call, expectStatus, uploadBytes, waitForJob } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { readRss, sampleRss, startStack, type Service } from './lib/services.js';
import { fmt, mib, table, type Section } from './lib/stats.js';
import { encodePng } from '../src/documents/png-encode.js';

const PARSE_PAGES = 300;
const JOBS = Number(process.env.BENCH_MEMORY_JOBS ?? 1000);
const HUGE_SIDE = 10_000;
const SETTLE_MS = 60_000;
const BIG_FILE_BYTES = 50 * 1024 * 1024;

/** Run `fn` while sampling `service`'s RSS; returns the baseline before and the peak during. */
async function measured<T>(service: Service, fn: () => Promise<T>): Promise<{ value: T; before: number; peak: number; hwm: number }> {
  const before = readRss(service.pid).rss;
  const sampler = sampleRss(service.pid);
  try {
    const value = await fn();
    const { peakSampled, hwm } = sampler.stop();
    return { value, before, peak: peakSampled, hwm };
  } catch (err) {
    sampler.stop();
    throw err;
  }
}

/** POST a multipart upload whose file part streams from disk; resolves to the file id. */
function streamUpload(base: string, file: string, size: number): Promise<string> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/v1/files`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
        if (res.statusCode !== 201) reject(new Error(`upload answered ${res.statusCode}: ${JSON.stringify(body)}`));
        else resolve(body.id);
      });
    });
    req.write(head);
    const stream = createReadStream(file);
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

/** GET the file's content, counting and discarding the bytes. */
function streamDownload(base: string, fileId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/v1/files/${fileId}/content`, (res) => {
        if (res.statusCode !== 200) reject(new Error(`download answered ${res.statusCode}`));
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** RSS after `ms` of idleness (the lowest of a few samples, so one GC pause does not count). */
async function settledRss(pid: number, ms: number): Promise<number> {
  let low = Infinity;
  for (let waited = 0; waited < ms; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    low = Math.min(low, readRss(pid).rss);
  }
  return low;
}

const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mib(Math.abs(bytes))}`;

/** A greyscale side × side PNG with a little structure (compresses to a few hundred KiB). */
async function makeHugePng(side: number): Promise<Buffer> {
  const row = side + 1;
  const data = Buffer.alloc(side * row);
  for (let y = 0; y < side; y++) {
    data[y * row] = 0; // filter None
    if (y % 100 < 2) data.fill(0x40, y * row + 1, (y + 1) * row);
    else for (let x = 0; x < side; x += 100) data[y * row + 1 + x] = 0x40;
  }
  return encodePng({ width: side, height: side, components: 1, data });
}

export async function memoryBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the memory benchmark needs infrastructure');
  const stack = await startStack(infra);
  const bigFile = path.join(infra.tempDir, 'big-upload.pdf');
  try {
    stack.provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.' }));
    const pdf = makeMixedPdf(PARSE_PAGES);
    const pdfId = await uploadBytes(stack.url, pdf, 'mixed-300.pdf', 'application/pdf');
    log(`memory: worker parsing ${PARSE_PAGES} pages (${mib(pdf.length)} MiB PDF), page concurrency ${4} (default)`);
    const parse = await measured(stack.worker, async () => {
      const t0 = performance.now();
      const created = await expectStatus(call(stack.url, 'POST', '/v1/parse-jobs', { file_id: pdfId }), 201, 'POST /v1/parse-jobs');
      const job = await waitForJob(stack.url, `/v1/parse-jobs/${created.id}`, 100);
      if (job.result.page_count !== PARSE_PAGES) throw new Error(`parse returned ${job.result.page_count} pages`);
      return performance.now() - t0;
    });
    const afterParse = await settledRss(stack.worker.pid, 5_000);
    stack.provider.reset();

    // 1,000 consecutive extraction jobs on a one-page PDF (rendered, sent, validated, stored).
    stack.provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ title: 'T', total: 1 }) }));
    await expectStatus(
      call(stack.url, 'PUT', '/v1/extractors/bench-memory', {
        display_name: 'Bench memory',
        instructions: 'Extract the title and total.',
        model: 'bench-model',
        schema: {
          type: 'object',
          properties: { title: { type: ['string', 'null'] }, total: { type: ['number', 'null'] } },
          required: ['title', 'total'],
          additionalProperties: false,
        },
      }),
      201,
      'PUT extractor',
    );
    const onePage = await uploadBytes(stack.url, makeMixedPdf(2).subarray(0), 'two-pages.pdf', 'application/pdf');
    log(`memory: ${JOBS} extraction jobs (2-page PDF), 4 in flight`);
    const jobsBefore = await settledRss(stack.worker.pid, 2_000);
    const jobs = await measured(stack.worker, async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next++ < JOBS) {
            const created = await expectStatus(call(stack.url, 'POST', '/v1/extraction-jobs', { extractor_name: 'bench-memory', file_id: onePage }), 201, 'POST job');
            await waitForJob(stack.url, `/v1/extraction-jobs/${created.id}`, 20);
          }
        }),
      );
    });
    const jobsAfter = await settledRss(stack.worker.pid, 5_000);
    stack.provider.reset();

    // One page at the pixel cap (10000 × 10000 PNG): decoded whole in WASM memory by mupdf.
    stack.provider.respondWith(() => ({ kind: 'content', content: '# Page\n\nTranscribed text.' }));
    const hugePng = await makeHugePng(HUGE_SIDE);
    const hugeId = await uploadBytes(stack.url, hugePng, 'huge.png', 'image/png');
    log(`memory: parse of one ${HUGE_SIDE}×${HUGE_SIDE} PNG, then ${SETTLE_MS / 1000} s idle`);
    const hugeBefore = await settledRss(stack.worker.pid, 2_000);
    const huge = await measured(stack.worker, async () => {
      const created = await expectStatus(call(stack.url, 'POST', '/v1/parse-jobs', { file_id: hugeId }), 201, 'POST /v1/parse-jobs');
      await waitForJob(stack.url, `/v1/parse-jobs/${created.id}`, 100);
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const hugeAfter = readRss(stack.worker.pid).rss;
    stack.provider.reset();

    // Random bytes behind a PDF header: the upload check reads only the signature.
    await writeFile(bigFile, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(BIG_FILE_BYTES - 9)]));
    log(`memory: API upload and download of ${mib(BIG_FILE_BYTES)} MiB`);
    const upload = await measured(stack.api, () => streamUpload(stack.url, bigFile, BIG_FILE_BYTES));
    const download = await measured(stack.api, () => streamDownload(stack.url, upload.value));
    if (download.value !== BIG_FILE_BYTES) throw new Error(`downloaded ${download.value} bytes, expected ${BIG_FILE_BYTES}`);

    const rows = [
      [`worker: parse ${PARSE_PAGES}-page PDF (${mib(pdf.length)} MiB)`, mib(parse.before), mib(parse.peak), mib(parse.peak - parse.before), `${mib(afterParse)} (${signedMib(afterParse - parse.before)})`, mib(parse.hwm), fmt(parse.value / 1000, 1)],
      [`worker: ${JOBS} extraction jobs (2-page PDF)`, mib(jobsBefore), mib(jobs.peak), mib(jobs.peak - jobsBefore), `${mib(jobsAfter)} (${signedMib(jobsAfter - jobsBefore)})`, mib(jobs.hwm), ''],
      [`worker: parse one ${HUGE_SIDE}×${HUGE_SIDE} PNG; "after" is ${SETTLE_MS / 1000} s later`, mib(hugeBefore), mib(huge.peak), mib(huge.peak - hugeBefore), `${mib(hugeAfter)} (${signedMib(hugeAfter - hugeBefore)})`, mib(huge.hwm), ''],
      [`api: upload ${mib(BIG_FILE_BYTES)} MiB`, mib(upload.before), mib(upload.peak), mib(upload.peak - upload.before), '', mib(upload.hwm), ''],
      [`api: download ${mib(BIG_FILE_BYTES)} MiB`, mib(download.before), mib(download.peak), mib(download.peak - download.before), '', mib(download.hwm), ''],
    ];
    const body = [
      table(['operation', 'RSS before MiB', 'peak RSS MiB (sampled)', 'growth MiB (peak − before)', 'RSS after MiB (vs before)', 'VmHWM MiB', 'duration s'], rows),
      '',
      `"after": RSS once the operation ended and the process was idle (5 s; 60 s for the huge page). Render threads ` +
        `(SERVICE_RENDER_THREADS) are part of the worker process, so their WASM memory is in these figures.`,
      '',
      `API and worker are separate processes (node --import tsx src/bin/*.ts); RSS sampled every 25 ms from /proc/<pid>/status. ` +
        `VmHWM is the process's lifetime peak (it includes earlier steps). Upload growth per file byte: ` +
        `${fmt((upload.peak - upload.before) / BIG_FILE_BYTES, 2)}×; download: ${fmt((download.peak - download.before) / BIG_FILE_BYTES, 2)}×.`,
    ].join('\n');
    return { title: 'Memory (peak RSS)', body };
  } finally {
    await stack.close();
    await rm(bigFile, { force: true });
  }
}

if (isMain(import.meta.url)) await runStandalone(memoryBenchmark, { needsInfra: true });
