// Runs before `npm start` and `npm test`: installs dependencies from the lock file when they are
// missing or older than the lock, so a fresh clone needs no separate install step.
// Uses only Node built-ins, because it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const installed = 'node_modules/.package-lock.json';
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  console.error('Installing dependencies from package-lock.json (npm ci)...');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
