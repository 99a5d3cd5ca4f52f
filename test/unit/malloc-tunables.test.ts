// The allocator setting of the service's processes (src/runtime/malloc-tunables.ts): every start
// script and the Docker image set the same value, and on glibc it does what it is there for —
// large blocks freed by the process go back to the OS instead of staying in a malloc heap.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { MALLOC_TUNABLES, START_SCRIPT_PREFIX, tunablesOfStartScript } from '../../src/runtime/malloc-tunables.js';

const root = new URL('../../', import.meta.url);
const scripts = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('GLIBC_TUNABLES of the service processes', () => {
  it.each(['start', 'start:api', 'start:worker'])('npm run %s sets it, unless the caller set their own', (name) => {
    expect(scripts[name]!.startsWith(START_SCRIPT_PREFIX)).toBe(true);
    expect(tunablesOfStartScript(scripts[name])).toBe(MALLOC_TUNABLES);
    // The shell keeps a value the caller exported.
    const run = (env: Record<string, string>) =>
      spawnSync('sh', ['-c', `${START_SCRIPT_PREFIX}sh -c 'printf %s "$GLIBC_TUNABLES"'`], { env: { PATH: process.env.PATH ?? '', ...env } }).stdout.toString();
    expect(run({})).toBe(MALLOC_TUNABLES);
    expect(run({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=1' })).toBe('glibc.malloc.arena_max=1');
  });

  it('the Docker image sets the same value', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    expect(dockerfile).toContain(`GLIBC_TUNABLES=${MALLOC_TUNABLES}`);
  });

  it('scripts without the setting (older releases) read as none', () => {
    expect(tunablesOfStartScript('tsx src/bin/dev.ts')).toBeUndefined();
    expect(tunablesOfStartScript(undefined)).toBeUndefined();
  });

  it('with it, memory of freed 1 MiB buffers returns to the OS; glibc keeps it by default', () => {
    // A node process that frees one large block (raising glibc's dynamic threshold), then holds
    // 200 MiB in 1 MiB buffers at once, frees them (keeping small buffers made in between) and
    // collects: RSS above the starting point.
    const program = `
      const rss = () => parseInt(require('fs').readFileSync('/proc/self/status', 'utf8').split('VmRSS:')[1], 10) / 1024;
      let first = Buffer.allocUnsafeSlow(4 << 20); first.fill(1); first = null; gc();
      const before = rss();
      // Each large buffer followed by a small one that stays (as a server's long-lived objects do).
      const kept = [];
      let held = Array.from({ length: 200 }, () => { const b = Buffer.allocUnsafeSlow(1 << 20).fill(7); kept.push(Buffer.allocUnsafeSlow(4096).fill(1)); return b; });
      const peak = rss();
      held = null; gc(); gc();
      process.stdout.write(JSON.stringify({ peak: peak - before, after: rss() - before }));`;
    const measure = (tunables: string | undefined) => {
      const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
      if (tunables) env.GLIBC_TUNABLES = tunables;
      const out = spawnSync(process.execPath, ['--expose-gc', '-e', program], { env });
      expect(out.stderr.toString()).toBe('');
      return JSON.parse(out.stdout.toString()) as { peak: number; after: number };
    };
    const tuned = measure(MALLOC_TUNABLES);
    const untuned = measure(undefined);
    // Both held the 200 MiB; only the tuned process gave (nearly) all of it back.
    expect(tuned.peak).toBeGreaterThan(180);
    expect(untuned.peak).toBeGreaterThan(180);
    expect(tuned.after).toBeLessThan(20);
    expect(untuned.after).toBeGreaterThan(100);
  });
});
