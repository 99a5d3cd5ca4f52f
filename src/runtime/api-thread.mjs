// Entry point of the API thread (runtime/api-thread.ts). Plain JavaScript, so it starts the same way
// under tsx, ts-jest and plain node. Started by scripts/start-service.mjs (DOCEXTRACT_SERVICE_BUNDLES
// set), it loads the API's code as that script loads the process's: one bundle of our own code,
// reused while no source changed. Otherwise, or should that fail, it registers tsx's loader in this
// thread (Node 20 does not carry the parent's --import hooks into worker threads) and loads the
// TypeScript entry.
import { fileURLToPath } from 'node:url';
import { importEntry } from '../bundles/load-entry.mjs';

await importEntry(fileURLToPath(new URL('./api-thread-main.ts', import.meta.url)), { bundled: process.env.DOCEXTRACT_SERVICE_BUNDLES === '1' });
