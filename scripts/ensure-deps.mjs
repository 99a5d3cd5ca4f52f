// Runs before `npm start` and `npm test`: installs dependencies from the lock file when they are
// missing or older than the lock, so a fresh clone needs no separate install step.
// Uses only Node built-ins, because it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const installed = 'node_modules/.package-lock.json';
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  const npm = (args) =>
    spawnSync('npm', [...args, '--no-audit', '--no-fund'], { stdio: 'inherit', shell: process.platform === 'win32' }).status;
  console.error('Installing dependencies from package-lock.json...');
  // `npm ci` refuses a lock that lacks optional packages for other platforms, which registries
  // that serve only this platform's builds leave out; `npm install` follows the same lock then.
  if (npm(['ci']) !== 0) {
    console.error('npm ci could not use the lock as is; installing with npm install (same locked versions).');
    const status = npm(['install']);
    if (status !== 0) process.exit(status ?? 1);
  }
}
