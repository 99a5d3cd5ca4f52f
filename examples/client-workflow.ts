// The client workflow of the document extraction service with its TypeScript client
// (clients/typescript): upload a document, create an extraction job (with an Idempotency-Key, so a
// retried POST never creates two), wait for it with long-polls (or its signed webhook) until a
// deadline, print the extracted data, then delete the job and the file.
//
//   npx tsx examples/client-workflow.ts invoice.pdf --extractor receipt [--url http://127.0.0.1:8000]
//   node examples/client-workflow.mjs invoice.pdf --webhook-port 8787   # the same, also called back
//
// --webhook-port listens on 127.0.0.1 and registers that address as a webhook endpoint for the run
// (the service must allow private addresses: SERVICE_WEBHOOK_ALLOW_PRIVATE=true).
// DOCEXTRACT_URL sets the base URL, DOCEXTRACT_TOKEN a bearer token (when the service requires one).
// The data goes to stdout as JSON; progress goes to stderr. Exit code 1 when the job fails.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { createDocextractClient, DocextractError, type ExtractionJob } from '../clients/typescript/index.js';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: process.env.DOCEXTRACT_URL ?? 'http://127.0.0.1:8000' },
    extractor: { type: 'string', default: 'receipt' },
    'deadline-seconds': { type: 'string', default: '300' },
    'webhook-port': { type: 'string' },
  },
});
const log = (msg: string) => console.error(msg);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The client retries 503 after Retry-After, and turns every error answer into a DocextractError
// carrying the API's `code`, `status` and `detail`.
const client = createDocextractClient({ baseUrl: opts.url, token: process.env.DOCEXTRACT_TOKEN });

async function main(filePath: string): Promise<void> {
  // 1. Upload (multipart/form-data, one part named "upload"; the media type is sniffed from the bytes).
  const file = await client.uploadFile(await readFile(filePath), { filename: path.basename(filePath) });
  log(`uploaded ${file.id} (${file.size_bytes} bytes)`);

  // Optional: be called back when the job ends (a signed webhook to a local receiver).
  const hooks = opts['webhook-port'] === undefined ? undefined : await listenForWebhooks(Number(opts['webhook-port']));
  let job: ExtractionJob | undefined;
  try {
    // 2. Create the job: it starts "queued"; the work runs in the background. The client sends an
    //    Idempotency-Key, so a retried POST returns the same job, never a second one.
    job = await client.createExtractionJob({ extractor_name: opts.extractor, file_id: file.id });
    log(`created ${job.id}`);

    // 3. Wait until a terminal status or the deadline: the job's webhook when listening for one, and
    //    long-polls (each GET answers as soon as the job ends, or with its state after the server's hold, 8 s by default).
    const deadline = Date.now() + Number(opts['deadline-seconds']) * 1000;
    if (hooks) log(`webhook ${(await hooks.next(job.id, deadline)).type} for ${job.id}`);
    job = await client.waitForJob(job, { timeoutMs: deadline - Date.now(), onUpdate: (j) => log(`${j.id} ${j.status}`) });

    // 4. Read the result: schema-valid data, or a stable error code.
    if (job.status !== 'completed' || !job.result) throw new Error(`${job.id} ${job.status}: ${job.error?.code} ${job.error?.message ?? ''}`);
    console.log(JSON.stringify(job.result.data, null, 2));
  } finally {
    // 5. Clean up whatever happened: the job first (an active one is canceled first: 'deleting'), then the file.
    if (job) {
      if ((await client.deleteJob(job.id)) === 'deleting') await gone(job.id);
      log(`deleted ${job.id}`);
    }
    await client.ok(client.api.DELETE('/v1/files/{file_id}', { params: { path: { file_id: file.id } } }));
    log(`deleted ${file.id}`);
    await hooks?.close();
  }
}

/** Wait (up to 10 s) until a job being deleted reads 404. */
async function gone(jobId: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const found = await client.getJob(jobId).catch((err: unknown) => {
      if (err instanceof DocextractError && err.code === 'not_found') return undefined;
      throw err;
    });
    if (!found) return;
    await sleep(200);
  }
}

interface WebhookEvent {
  type: string;
  data: { id: string };
}

/**
 * Listen on 127.0.0.1:port and register it as a webhook endpoint for extraction-job events. Each call
 * is verified (Standard Webhooks signature, with the `standardwebhooks` library) before it counts; a
 * 2xx answer ends the service's retries.
 */
async function listenForWebhooks(port: number) {
  const events = new Map<string, WebhookEvent>(); // job id -> event
  const waiters = new Map<string, (event: WebhookEvent) => void>();
  let verifier: Webhook | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: WebhookEvent;
      try {
        if (!verifier) throw new Error('no secret yet');
        event = verifier.verify(body, req.headers as Record<string, string>) as WebhookEvent;
      } catch {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(204).end();
      events.set(event.data.id, event);
      waiters.get(event.data.id)?.(event);
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // The secret is shown only in this answer: keep it to verify the calls.
  const endpoint = await client.ok(
    client.api.POST('/v1/webhook-endpoints', {
      body: { url, events: ['extraction_job.completed', 'extraction_job.failed', 'extraction_job.canceled'] },
    }),
  );
  verifier = new Webhook(endpoint.secret);
  log(`listening for webhooks at ${url} (${endpoint.id})`);
  return {
    next: (jobId: string, deadline: number): Promise<WebhookEvent> =>
      Promise.resolve(events.get(jobId)).then(
        (seen) =>
          seen ??
          new Promise<WebhookEvent>((resolve, reject) => {
            waiters.set(jobId, resolve);
            setTimeout(() => reject(new Error(`no webhook for ${jobId} before the deadline`)), deadline - Date.now()).unref();
          }),
      ),
    async close() {
      await client
        .ok(client.api.DELETE('/v1/webhook-endpoints/{endpoint_id}', { params: { path: { endpoint_id: endpoint.id } } }))
        .catch((err: unknown) => {
          if (!(err instanceof DocextractError && err.code === 'not_found')) throw err;
        });
      server.close();
      log(`deleted ${endpoint.id}`);
    },
  };
}

if (positionals.length !== 1) {
  console.error('usage: node examples/client-workflow.mjs <file.pdf|png|jpg> [--extractor name] [--url base]');
  process.exit(2);
}
main(positionals[0]!).catch((err: unknown) => {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
