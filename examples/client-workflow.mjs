#!/usr/bin/env node
// The client workflow of the document extraction service with plain fetch (Node 20, no packages):
// upload a document, create an extraction job, poll it with backoff until a deadline, print the
// extracted data, then delete the job and the file.
//
//   node examples/client-workflow.mjs invoice.pdf --extractor receipt [--url http://127.0.0.1:8000]
//
// DOCEXTRACT_URL sets the base URL, DOCEXTRACT_TOKEN a bearer token (when the service requires one).
// The data goes to stdout as JSON; progress goes to stderr. Exit code 1 when the job fails.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.DOCEXTRACT_URL ?? 'http://127.0.0.1:8000' },
    extractor: { type: 'string', default: 'receipt' },
    'deadline-seconds': { type: 'string', default: '300' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node examples/client-workflow.mjs <file.pdf|png|jpg> [--extractor name] [--url base]');
  process.exit(2);
}
const BASE = opts.url.replace(/\/$/, '');
const TYPES = { '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (msg) => console.error(msg);

/** fetch + JSON; throws on any status but the expected ones, with the API's error code. */
async function api(method, urlPath, { json, form, expect = [200] } = {}) {
  const headers = process.env.DOCEXTRACT_TOKEN ? { authorization: `Bearer ${process.env.DOCEXTRACT_TOKEN}` } : {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(BASE + urlPath, { method, headers, body: form ?? (json === undefined ? undefined : JSON.stringify(json)) });
    const body = res.status === 204 ? undefined : await res.json();
    // 503 persistence_busy: the service asks to retry after Retry-After seconds.
    if (res.status === 503 && attempt < 5) {
      await sleep(Number(res.headers.get('retry-after') ?? 2) * 1000);
      continue;
    }
    if (!expect.includes(res.status)) {
      const error = new Error(`${method} ${urlPath} → ${res.status} ${body?.code ?? ''}: ${JSON.stringify(body?.detail)}`);
      error.status = res.status;
      throw error;
    }
    return { status: res.status, body };
  }
}

async function main(filePath) {
  // 1. Upload: multipart/form-data with one part named "upload".
  const form = new FormData();
  const type = TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
  form.append('upload', new Blob([await readFile(filePath)], { type }), path.basename(filePath));
  const file = (await api('POST', '/v1/files', { form, expect: [201] })).body;
  log(`uploaded ${file.id} (${file.size_bytes} bytes)`);

  let job;
  try {
    // 2. Create the job: it starts "queued"; the work runs in the background.
    job = (await api('POST', '/v1/extraction-jobs', { json: { extractor_name: opts.extractor, file_id: file.id }, expect: [201] })).body;
    log(`created ${job.id}`);

    // 3. Poll with exponential backoff until a terminal status or the deadline.
    const deadline = Date.now() + Number(opts['deadline-seconds']) * 1000;
    for (let delay = 250; !['completed', 'failed', 'canceled'].includes(job.status); delay = Math.min(delay * 2, 5000)) {
      if (Date.now() + delay > deadline) throw new Error(`${job.id} is still ${job.status} at the deadline`);
      await sleep(delay);
      job = (await api('GET', `/v1/extraction-jobs/${job.id}`)).body;
      log(`${job.id} ${job.status}`);
    }

    // 4. Read the result: schema-valid data, or a stable error code.
    if (job.status !== 'completed') throw new Error(`${job.id} ${job.status}: ${job.error?.code} ${job.error?.message ?? ''}`);
    console.log(JSON.stringify(job.result.data, null, 2));
  } finally {
    // 5. Clean up whatever happened: the job first (an active one is cancelled, 202), then the file.
    if (job) {
      const deleted = await api('DELETE', `/v1/extraction-jobs/${job.id}`, { expect: [202, 204, 404] });
      for (let i = 0; deleted.status === 202 && i < 50; i++) {
        await sleep(200);
        if ((await api('GET', `/v1/extraction-jobs/${job.id}`, { expect: [200, 404] })).status === 404) break;
      }
      log(`deleted ${job.id}`);
    }
    await api('DELETE', `/v1/files/${file.id}`, { expect: [204] });
    log(`deleted ${file.id}`);
  }
}

main(positionals[0]).catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});
