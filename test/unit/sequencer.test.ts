// The suite's test sequencer (test/harness/sequencer.cjs, jest.config.js `testSequencer`): the
// committed list of long files runs first, longest first, and every other file keeps Jest's order.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const Sequencer = require(path.join(ROOT, 'test/harness/sequencer.cjs'));
const JestSequencer = require('@jest/test-sequencer').default;
const LONG_FILES: string[] = Sequencer.LONG_FILES;

/** Jest's Test objects as the sequencer sees them: no timing cache, sizes from `sizes`. */
function tests(sizes: Record<string, number>) {
  const context = { config: { rootDir: ROOT, cache: false, id: 'sequencer-test' }, hasteFS: { getSize: (p: string) => sizes[path.relative(ROOT, p)] ?? 0 } };
  return Object.keys(sizes).map((rel) => ({ path: path.join(ROOT, rel), context }));
}
const names = (sorted: Array<{ path: string }>) => sorted.map((t) => path.relative(ROOT, t.path));

describe('test sequencer', () => {
  it('lists only test files that exist, each once', () => {
    expect(LONG_FILES.length).toBeGreaterThan(0);
    expect(new Set(LONG_FILES).size).toBe(LONG_FILES.length);
    expect(LONG_FILES.filter((f) => !f.endsWith('.test.ts') || !existsSync(path.join(ROOT, f)))).toEqual([]);
  });

  it('runs the long files first in the listed order, then the rest as Jest orders them (largest first without a cache)', async () => {
    const [first, second] = LONG_FILES as [string, string];
    const sizes = { 'test/api/a.test.ts': 30_000, [second]: 1_000, 'test/api/b.test.ts': 50_000, [first]: 2_000, 'test/api/c.test.ts': 10_000 };
    const jestOrder = names(await new JestSequencer({}).sort(tests({ 'test/api/a.test.ts': 30_000, 'test/api/b.test.ts': 50_000, 'test/api/c.test.ts': 10_000 })));
    expect(jestOrder).toEqual(['test/api/b.test.ts', 'test/api/a.test.ts', 'test/api/c.test.ts']);
    expect(names(await new Sequencer({}).sort(tests(sizes)))).toEqual([first, second, ...jestOrder]);
  });

  it('skips listed files that are not in the run', async () => {
    expect(names(await new Sequencer({}).sort(tests({ 'test/api/a.test.ts': 1, [LONG_FILES.at(-1)!]: 1 })))).toEqual([LONG_FILES.at(-1), 'test/api/a.test.ts']);
  });
});
