// `npm run storage:migrate -- --to s3`, once the API and workers run with the bucket: move the
// bytes Postgres holds (uploads, renditions) into the bucket the S3_* settings name
// (src/storage/bytes-migration.ts: each object verified by SHA-256 before its Postgres copy is
// freed; stop it any time and run it again to go on). Needs DATABASE_URL and SERVICE_STORAGE=s3
// with the settings the API and workers use.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { createDb } from '../storage/db.js';
import { moveBytesToBucket } from '../storage/bytes-migration.js';
import { createObjectStore } from '../storage/s3-object-store.js';
import { exitOnConfigError } from './exit.js';

const USAGE = 'usage: npm run storage:migrate -- --to s3';

let to: string | undefined;
try {
  ({ values: { to } } = parseArgs({ options: { to: { type: 'string' } }, strict: true }));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (to !== 's3') {
  console.error(`${to === undefined ? '--to is required' : `--to ${to}: only s3 is supported (bytes move from Postgres to the bucket)`}\n${USAGE}`);
  process.exit(2);
}
const config = exitOnConfigError(loadConfig);
if (!config.databaseUrl) {
  console.error('Invalid configuration:\n  DATABASE_URL: required to move stored bytes');
  process.exit(2);
}
const objects = createObjectStore(config.storage);
if (!objects) {
  console.error('Invalid configuration:\n  SERVICE_STORAGE: set it to s3 (with S3_BUCKET and the other S3_* settings the service uses)');
  process.exit(2);
}
const db = createDb(config.databaseUrl);
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
let last = 0;
try {
  const done = await moveBytesToBucket(db, objects, (p) => {
    if (Date.now() - last < 1_000) return;
    last = Date.now();
    console.log(`moved ${p.files} files, ${p.renditions} renditions, ${mib(p.bytes)} MiB`);
  });
  console.log(`done: moved ${done.files} files and ${done.renditions} renditions (${mib(done.bytes)} MiB) to ${objects.identity}; Postgres copies freed`);
} catch (err) {
  console.error(`storage:migrate stopped: ${(err as Error).message}\nWhat was moved stays moved; run it again to go on.`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
