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

const PARSE_PAGES = 300;
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
    stack.provider.reset();

    // Random bytes behind a PDF header: the upload check reads only the signature.
    await writeFile(bigFile, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(BIG_FILE_BYTES - 9)]));
    log(`memory: API upload and download of ${mib(BIG_FILE_BYTES)} MiB`);
    const upload = await measured(stack.api, () => streamUpload(stack.url, bigFile, BIG_FILE_BYTES));
    const download = await measured(stack.api, () => streamDownload(stack.url, upload.value));
    if (download.value !== BIG_FILE_BYTES) throw new Error(`downloaded ${download.value} bytes, expected ${BIG_FILE_BYTES}`);

    const rows = [
      [`worker: parse ${PARSE_PAGES}-page PDF (${mib(pdf.length)} MiB)`, mib(parse.before), mib(parse.peak), mib(parse.peak - parse.before), mib(parse.hwm), fmt(parse.value / 1000, 1)],
      [`api: upload ${mib(BIG_FILE_BYTES)} MiB`, mib(upload.before), mib(upload.peak), mib(upload.peak - upload.before), mib(upload.hwm), ''],
      [`api: download ${mib(BIG_FILE_BYTES)} MiB`, mib(download.before), mib(download.peak), mib(download.peak - download.before), mib(download.hwm), ''],
    ];
    const body = [
      table(['operation', 'RSS before MiB', 'peak RSS MiB (sampled)', 'growth MiB', 'VmHWM MiB', 'duration s'], rows),
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
