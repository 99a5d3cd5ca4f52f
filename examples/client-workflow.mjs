#!/usr/bin/env node
// The client workflow of the document extraction service with plain fetch (Node 20, no packages):
// upload a document, create an extraction job (with an Idempotency-Key, so a retried POST never
// creates two), wait for it with long-polls (or its signed webhook) until a deadline, print the
// extracted data, then delete the job and the file.
//
//   node examples/client-workflow.mjs invoice.pdf --extractor receipt [--url http://127.0.0.1:8000]
//   node examples/client-workflow.mjs invoice.pdf --webhook-port 8787   # also be called back
//
// --webhook-port listens on 127.0.0.1 and registers that address as a webhook endpoint for the run
// (the service must allow private addresses: SERVICE_WEBHOOK_ALLOW_PRIVATE=true).
// DOCEXTRACT_URL sets the base URL, DOCEXTRACT_TOKEN a bearer token (when the service requires one).
// The data goes to stdout as JSON; progress goes to stderr. Exit code 1 when the job fails.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.DOCEXTRACT_URL ?? 'http://127.0.0.1:8000' },
    extractor: { type: 'string', default: 'receipt' },
    'deadline-seconds': { type: 'string', default: '300' },
    'webhook-port': { type: 'string' },
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
async function api(method, urlPath, { json, form, expect = [200], idempotencyKey } = {}) {
  const headers = process.env.DOCEXTRACT_TOKEN ? { authorization: `Bearer ${process.env.DOCEXTRACT_TOKEN}` } : {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await fetch(BASE + urlPath, { method, headers, body: form ?? (json === undefined ? undefined : JSON.stringify(json)) });
    } catch (err) {
      // A network error: safe to repeat for reads, and for a POST that carries an Idempotency-Key.
      if ((method === 'GET' || idempotencyKey) && attempt < 5) {
        await sleep(500 * attempt);
        continue;
      }
      throw err;
    }
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

  // Optional: be called back when the job ends (a signed webhook to a local receiver).
  const hooks = opts['webhook-port'] === undefined ? undefined : await listenForWebhooks(Number(opts['webhook-port']));
  let job;
  try {
    // 2. Create the job: it starts "queued"; the work runs in the background. The Idempotency-Key
    //    makes the POST safe to retry: a repeat within 24 h returns the same job, never a second one.
    const json = { extractor_name: opts.extractor, file_id: file.id };
    job = (await api('POST', '/v1/extraction-jobs', { json, expect: [201], idempotencyKey: randomUUID() })).body;
    log(`created ${job.id}`);

    // 3. Wait until a terminal status or the deadline: the job's webhook when listening for one, and
    //    long-polls (each GET answers as soon as the job ends, or after up to 30 s with its state).
    const deadline = Date.now() + Number(opts['deadline-seconds']) * 1000;
    if (hooks) log(`webhook ${(await hooks.next(job.id, deadline)).type} for ${job.id}`);
    while (!['completed', 'failed', 'canceled'].includes(job.status)) {
      const wait = Math.min(30, Math.floor((deadline - Date.now()) / 1000));
      if (wait <= 0) throw new Error(`${job.id} is still ${job.status} at the deadline`);
      job = (await api('GET', `/v1/extraction-jobs/${job.id}?wait=${wait}`)).body;
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
    await hooks?.close();
  }
}

/**
 * Listen on 127.0.0.1:port and register it as a webhook endpoint for extraction-job events. Each call
 * is verified (Standard Webhooks signature) before it counts; a 2xx answer ends the service's retries.
 */
async function listenForWebhooks(port) {
  const events = new Map(); // job id -> event
  const waiters = new Map(); // job id -> resolve
  let secret;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!secret || !verifyWebhook(secret, req.headers, body)) return res.writeHead(401).end();
      res.writeHead(204).end();
      const event = JSON.parse(body);
      events.set(event.data.id, event);
      waiters.get(event.data.id)?.(event);
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const kinds = ['extraction_job.completed', 'extraction_job.failed', 'extraction_job.canceled'];
  // The secret is shown only in this answer: keep it to verify the calls.
  const endpoint = (await api('POST', '/v1/webhook-endpoints', { json: { url, events: kinds }, expect: [201] })).body;
  secret = endpoint.secret;
  log(`listening for webhooks at ${url} (${endpoint.id})`);
  return {
    next: (jobId, deadline) =>
      events.get(jobId) ??
      new Promise((resolve, reject) => {
        waiters.set(jobId, resolve);
        setTimeout(() => reject(new Error(`no webhook for ${jobId} before the deadline`)), deadline - Date.now()).unref();
      }),
    async close() {
      await api('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, { expect: [204, 404] });
      server.close();
      log(`deleted ${endpoint.id}`);
    },
  };
}

/** Standard Webhooks: v1 = base64 HMAC-SHA256 of "id.timestamp.body", keyed with the secret's base64 part. */
function verifyWebhook(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (!id || !timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'));
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((s) => s.startsWith('v1,') && Buffer.from(s.slice(3)).length === expected.length && timingSafeEqual(Buffer.from(s.slice(3)), expected));
}

main(positionals[0]).catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 1;
});
