// Object storage benchmark (issue 53), on the `npm start` configuration with SERVICE_STORAGE=s3
// against a real S3 server (SeaweedFS `weed mini` on this machine, as the tests start it):
//
// - Upload throughput: the same BENCH_STORAGE_FILES (default 5) PDFs of BENCH_STORAGE_FILE_MB
//   (default 40) MB each, uploaded one after the other through the API (`POST /v1/files`, the bytes
//   pass through the API process on their way to the bucket) and as direct uploads (`POST
//   /v1/uploads`, a presigned PUT straight to the bucket, then `complete`). MB/s per file (p50) and
//   the ratio direct ÷ API, both measured in the same run against the same bucket.
//
// `npx tsx bench/storage.ts`, or `npm run bench -- storage`.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { largePdf } from '../test/fixtures/large-pdf.js';
import { startSeaweedS3 } from '../test/harness/seaweedfs.js';
import { call, expectStatus, uploadBytes } from './lib/http.js';
import { log, type Infra } from './lib/infra.js';
import { isMain, runStandalone } from './lib/main.js';
import { readRss, startDevStack } from './lib/services.js';
import { fmt, mib, percentile, table, type Section } from './lib/stats.js';

const FILES = Number(process.env.BENCH_STORAGE_FILES || 5);
const FILE_BYTES = Number(process.env.BENCH_STORAGE_FILE_MB || 40) * 1_000_000;

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
      ].join('\n');
      return { title: 'Object storage: upload throughput through the API vs direct (issue 53)', body };
    } finally {
      await stack.close();
    }
  } finally {
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  }
}

if (isMain(import.meta.url)) await runStandalone(storageBenchmark, { needsInfra: false });
