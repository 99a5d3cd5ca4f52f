// Entry point of the API thread that `npm start` runs (runtime/api-thread.ts): the same startApi as
// the API process, its configuration read from the same environment.
import { parentPort, workerData } from 'node:worker_threads';
import { loadConfig } from '../config/index.js';
import { createLogger } from '../logging.js';
import { addMetricsSource, type MetricsSnapshot } from '../metrics/index.js';
import { startApi } from './api-process.js';
import { toThreadError, type ApiThreadData, type FromApiThread, type ToApiThread } from './api-thread-protocol.js';

const port = parentPort!;
const send = (message: FromApiThread) => port.postMessage(message);
const data = workerData as ApiThreadData;

// /metrics shows the whole process: this thread's registry merged with the main thread's.
let nextScrape = 0;
const scrapes = new Map<number, (metrics: MetricsSnapshot) => void>();
addMetricsSource(
  () =>
    new Promise<MetricsSnapshot>((resolve) => {
      const id = nextScrape++;
      scrapes.set(id, resolve);
      send({ type: 'metrics', id });
    }),
);

process.on('uncaughtException', (err) => send({ type: 'failed', error: toThreadError(err) }));

try {
  // The main thread's pool renders the jobs' pages with SERVICE_RENDER_THREADS threads; this one
  // only serves page images (GET /v1/files/{id}/pages/{n}). One thread, so that a process serving
  // page images during a parse does not hold a second full set of render threads (~60 MiB each).
  const config = { ...loadConfig(), renderThreads: 1 };
  const logger = createLogger(config.logLevel, 'dev').child({ name: 'api' });
  const api = await startApi(config, { ...data, logger });
  port.on('message', (message: ToApiThread) => {
    if (message.type === 'metrics') {
      scrapes.get(message.id)?.(message.metrics as MetricsSnapshot);
      scrapes.delete(message.id);
    } else if (message.type === 'close') {
      void api.close().then(
        () => send({ type: 'closed' }),
        (err: unknown) => send({ type: 'failed', error: toThreadError(err) }),
      );
    }
  });
  send({ type: 'listening', url: api.url });
} catch (err) {
  send({ type: 'failed', error: toThreadError(err) });
}
