// A real HTTP webhook receiver for tests: records every request (headers and raw body), answers
// with scripted statuses (default 200), and can go down and come back on the same port.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  at: number;
}

/** Whether a received webhook is an event of `jobId`: its webhook-id is msg_<job id>_<run id>, one per run's event. */
export const forJob = (jobId: string) => (w: ReceivedWebhook) => (w.headers['webhook-id'] ?? '').startsWith(`msg_${jobId}_`);

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Statuses for the next requests, in order; afterwards `fallback` (200 unless changed). */
  answer(...statuses: number[]): void;
  fallback: number;
  /** Stop listening and cut open connections: deliveries fail with a connection error. */
  down(): Promise<void>;
  /** Listen again on the same port. */
  up(): Promise<void>;
  waitFor(check: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const queue: number[] = [];
  const sockets = new Set<Socket>();
  const state = { fallback: 200 };
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = queue.shift() ?? state.fallback;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      received.push({ path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8'), status, at: Date.now() });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`receiver says ${status}`);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const boundPort = await listen(port);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${boundPort}/hooks`,
    port: boundPort,
    received,
    answer: (...statuses) => queue.push(...statuses),
    get fallback() {
      return state.fallback;
    },
    set fallback(v: number) {
      state.fallback = v;
    },
    down: close,
    up: async () => {
      if (!server.listening) await listen(boundPort);
    },
    async waitFor(check, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(received)) {
        if (Date.now() > deadline) throw new Error(`webhook receiver: condition not met after ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return received;
    },
    close,
  };
}
