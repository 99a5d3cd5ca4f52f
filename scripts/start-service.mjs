// Starts one of the service's entry points (`node scripts/start-service.mjs src/bin/worker.ts`):
// `npm start`, `npm run start:api`, `npm run start:worker`, and the processes the tests start.
//
// Our TypeScript is bundled once into one module (esbuild; packages stay in node_modules) and
// reused while no source changed (src/bundles/reusable-bundle.mjs), instead of compiling and
// resolving every module through tsx's loader at each start: a worker process then starts on
// ~1.7 s of CPU instead of ~3.4 s. Should bundling fail, the entry runs through tsx as before.
// The entry runs in this process (no wrapper): signals reach the service itself.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importEntry } from '../src/bundles/load-entry.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const [given, ...rest] = process.argv.slice(2);
if (!given) {
  console.error('usage: node scripts/start-service.mjs <entry.ts> [arguments]');
  process.exit(2);
}
const entry = path.resolve(ROOT, given);
// The entry sees itself as the script it is, with its own arguments.
process.argv = [process.argv[0], entry, ...rest];

await importEntry(entry, {
  // The API thread (src/runtime/api-thread.mjs) loads its own code the same way.
  onBundled: () => (process.env.DOCEXTRACT_SERVICE_BUNDLES = '1'),
  onBundleFailure: (err) => console.error(`Could not bundle ${given} (${err instanceof Error ? err.message : err}); running it through tsx.`),
});
