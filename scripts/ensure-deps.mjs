// Runs before `npm start` and `npm test`: installs dependencies from the lock file when they are
// missing or older than the lock, so a fresh clone needs no separate install step.
// Uses only Node built-ins, because it runs before node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const installed = 'node_modules/.package-lock.json';
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  const npm = (args, stdio) =>
    spawnSync('npm', [...args, '--no-audit', '--no-fund'], { stdio, encoding: 'utf8', shell: process.platform === 'win32' });
  console.error('Installing dependencies from package-lock.json...');
  const ci = npm(['ci'], ['ignore', 'inherit', 'pipe']);
  if (ci.status !== 0) {
    // `npm ci` refuses a lock that lacks optional packages for other platforms, which registries
    // serving only this platform's builds leave out; `npm install` follows the same locked versions.
    console.error('npm ci could not use the lock as is; installing the same locked versions with npm install.');
    const install = npm(['install'], 'inherit');
    if (install.status !== 0) {
      console.error(ci.stderr);
      process.exit(install.status ?? 1);
    }
  }
}
