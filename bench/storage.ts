// Object storage benchmark (issue 53), on the `npm start` configuration with SERVICE_STORAGE=s3
// against a real S3 server (SeaweedFS `weed mini` on this machine, as the tests start it):
//
// - Upload throughput: the same BENCH_STORAGE_FILES (default 5) PDFs of BENCH_STORAGE_FILE_MB
//   (default 40) MB each, uploaded one after the other through the API (`POST /v1/files`, the bytes
//   pass through the API process on their way to the bucket) and as direct uploads (`POST
//   /v1/uploads`, a presigned PUT straight to the bucket, then `complete`). MB/s per file (p50) and
//   the ratio direct ÷ API, both measured in the same run against the same bucket.
//
// - A batch from a prefix: BENCH_STORAGE_BATCH_FILES (default 1,000) one-page PDFs put under a
//   prefix of the bucket, one extraction batch made of them (`source: {s3_prefix}`, concurrency 16,
//   `destination: {s3_prefix}`), the scripted model answering at once: how long the 201 took (the
//   listing), items/s from the 201 to the results written under the destination.
//
// `npx tsx bench/storage.ts`, or `npm run bench -- storage`.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { largePdf } from '../test/fixtures/large-pdf.js';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { makePdf } from '../test/fixtures/documents.js';
import { startSeaweedS3, type SeaweedS3 } from '../test/harness/seaweedfs.js';
import { call, expectStatus, uploadBytes } from './lib/http.js';
import { log, type Infra } from './lib/infra.js';
import { isMain, runStandalone } from './lib/main.js';
import { readRss, startDevStack } from './lib/services.js';
import { fmt, mib, percentile, table, type Section } from './lib/stats.js';

const FILES = Number(process.env.BENCH_STORAGE_FILES || 5);
const FILE_BYTES = Number(process.env.BENCH_STORAGE_FILE_MB || 40) * 1_000_000;
const BATCH_FILES = Number(process.env.BENCH_STORAGE_BATCH_FILES || 1000);
const SCHEMA = { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'], additionalProperties: false };

/** A batch of BATCH_FILES PDFs from a prefix of the bucket, results under another: its figures. */
async function batchFromPrefix(base: string, s3: SeaweedS3): Promise<{ createMs: number; runMs: number; counts: Record<string, number>; written: boolean }> {
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  try {
    log(`storage: putting ${BATCH_FILES} PDFs under bench-inbox/`);
    for (let i = 0; i < BATCH_FILES; i += 16) {
      await Promise.all(
        Array.from({ length: Math.min(16, BATCH_FILES - i) }, (_, j) =>
          client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `bench-inbox/doc-${String(i + j).padStart(5, '0')}.pdf`, Body: makePdf([`Document ${i + j}`]) })),
        ),
      );
    }
    await expectStatus(call(base, 'PUT', '/v1/extractors/bench-s3', { display_name: 'Bench', instructions: 'Read the number.', model: 'test-vision-model', schema: SCHEMA }), 201, 'PUT extractor');
    const t0 = performance.now();
    const batch = await expectStatus(
      call(base, 'POST', '/v1/batches', { kind: 'extraction', extractor_name: 'bench-s3', source: { s3_prefix: 'bench-inbox/' }, destination: { s3_prefix: 'bench-results' }, concurrency: 16 }),
      201,
      'POST /v1/batches from a prefix',
    );
    const createMs = performance.now() - t0;
    if (batch.request_counts.total !== BATCH_FILES) throw new Error(`the batch counted ${batch.request_counts.total} items, not ${BATCH_FILES}`);
    for (;;) {
      const now = await expectStatus(call(base, 'GET', `/v1/batches/${batch.id}`), 200, 'GET batch');
      if (['completed', 'failed', 'canceled'].includes(now.status) && now.destination?.written_at) {
        return { createMs, runMs: performance.now() - t0 - createMs, counts: now.request_counts, written: true };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    client.destroy();
  }
}

async function directUpload(base: string, bytes: Buffer, filename: string): Promise<string> {
  const created = await expectStatus(call(base, 'POST', '/v1/uploads', { filename, size_bytes: bytes.length, content_type: 'application/pdf' }), 201, 'POST /v1/uploads');
  const put = await fetch(created.url, { method: created.method, headers: created.headers, body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`PUT to the bucket answered ${put.status}: ${await put.text()}`);
  const file = await expectStatus(call(base, 'POST', `/v1/uploads/${created.id}/complete`), 201, 'POST /v1/uploads/{id}/complete');
  return file.id as string;
}

/** MB/s of each upload done by `upload`, one after the other. */
async function throughput(files: Buffer[], upload: (bytes: Buffer, i: number) => Promise<string>): Promise<number[]> {
  const rates: number[] = [];
  for (const [i, bytes] of files.entries()) {
    const t0 = performance.now();
    await upload(bytes, i);
    rates.push(bytes.length / 1e6 / ((performance.now() - t0) / 1000));
  }
  return rates;
}

export async function storageBenchmark(_infra: Infra | undefined): Promise<Section> {
  const s3 = await startSeaweedS3();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docextract-bench-storage-'));
  await chmod(dataDir, 0o755); // embedded Postgres runs as the postgres user and must get through
  try {
    const stack = await startDevStack({
      dataDir,
      env: { ...s3.env, AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey },
    });
    try {
      log(`storage: ${FILES} PDFs of ${mib(FILE_BYTES)} MiB`);
      const files = Array.from({ length: FILES }, (_, i) => largePdf(`Bench file ${i}`, FILE_BYTES));
      // One of each first, not measured: the first upload of a process pays for one-time set-up.
      await uploadBytes(stack.url, largePdf('warm-up', 1_000_000), 'warm.pdf', 'application/pdf');
      await directUpload(stack.url, largePdf('warm-up', 1_000_000), 'warm.pdf');
      const viaApi = await throughput(files, (bytes, i) => uploadBytes(stack.url, bytes, `api-${i}.pdf`, 'application/pdf'));
      const rssAfterApi = readRss(stack.dev.pid).hwm;
      const direct = await throughput(files, (bytes, i) => directUpload(stack.url, bytes, `direct-${i}.pdf`));
      const provider = stack.provider;
      provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ n: 1 }) }));
      const fromPrefix = await batchFromPrefix(stack.url, s3);
      const p50Api = percentile(viaApi, 50);
      const p50Direct = percentile(direct, 50);
      const body = [
        table(
          ['path', 'files', 'MB each', 'MB/s p50', 'MB/s min', 'MB/s max'],
          [
            ['`POST /v1/files` (through the API)', FILES, fmt(FILE_BYTES / 1e6, 0), fmt(p50Api), fmt(Math.min(...viaApi)), fmt(Math.max(...viaApi))],
            ['`POST /v1/uploads` + PUT + complete (direct)', FILES, fmt(FILE_BYTES / 1e6, 0), fmt(p50Direct), fmt(Math.min(...direct)), fmt(Math.max(...direct))],
          ],
        ),
        '',
        `Direct ÷ through the API (p50): **${fmt(p50Direct / p50Api, 2)}×**. Peak RSS of the npm start process after the API uploads: ${mib(rssAfterApi)} MiB. ` +
          'SeaweedFS runs on the same machine, so both paths share its disk and CPU; a direct upload still passes through the API once, ' +
          'when `complete` reads a PDF to count its pages.',
        '',
        table(
          ['batch from a prefix', 'items', 'concurrency', '201 after (listing)', 'items/s (201 → results written)', 'completed', 'failed'],
          [[`${BATCH_FILES} one-page PDFs, extraction, results to a prefix`, BATCH_FILES, 16, `${fmt(fromPrefix.createMs, 0)} ms`, fmt(BATCH_FILES / (fromPrefix.runMs / 1000)), fromPrefix.counts.completed ?? 0, fromPrefix.counts.failed ?? 0]],
        ),
      ].join('\n');
      return { title: 'Object storage: uploads through the API vs direct, a batch from a prefix (issue 53)', body };
    } finally {
      await stack.close();
    }
  } finally {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
}

if (isMain(import.meta.url)) await runStandalone(storageBenchmark, { needsInfra: false });
