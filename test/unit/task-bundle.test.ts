// Reusable bundles (src/bundles/reusable-bundle.mjs): built once and reused by later processes while
// their inputs hash the same, a changed input or a missing bundle makes a new one; each file's
// import.meta.url kept; old ones pruned where asked. And the render task's (src/documents/task-bundle.ts).
import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reusableBundle } from '../../src/bundles/reusable-bundle.mjs';
import { renderTaskBundle } from '../../src/documents/task-bundle.js';

const work = mkdtempSync(path.join(tmpdir(), 'docextract-task-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const source = path.join(work, 'src');
const dir = path.join(work, 'bundles');
const entry = path.join(source, 'entry.ts');
const request = { name: 'probe', entry, dir, externals: { 'left-out': 'node:path' } };
/** The one manifest in the bundle folder. */
function manifestFile(): string {
  const names = readdirSync(dir).filter((n) => n.startsWith('probe-inputs-'));
  expect(names).toHaveLength(1);
  return path.join(dir, names[0]!);
}
const manifest = () => JSON.parse(readFileSync(manifestFile(), 'utf8'));

describe('reusableBundle', () => {
  it('builds, reuses while the inputs are unchanged, and builds again when one changes', async () => {
    mkdirSync(source, { recursive: true });
    writeFileSync(path.join(source, 'dep.ts'), "export const word: string = 'first';\n");
    writeFileSync(entry, "import { word } from './dep';\nimport { sep } from 'left-out';\nexport const said = word + sep;\n");

    const first = await reusableBundle(request);
    const firstCode = readFileSync(fileURLToPath(first), 'utf8');
    expect(firstCode).toContain('first');
    expect(firstCode).toMatch(/from\s*"node:path"/);
    expect(Object.keys(manifest().inputs).sort()).toEqual([path.join(source, 'dep.ts'), entry].sort());

    // Marked: a build writes the manifest anew, a reuse leaves it as it is.
    writeFileSync(manifestFile(), JSON.stringify({ ...manifest(), marker: 'not rebuilt' }));
    expect(await reusableBundle(request)).toBe(first);
    expect(manifest().marker).toBe('not rebuilt');

    writeFileSync(path.join(source, 'dep.ts'), "export const word: string = 'second';\n");
    const second = await reusableBundle(request);
    expect(second).not.toBe(first);
    expect(readFileSync(fileURLToPath(second), 'utf8')).toContain('second');
    expect(manifest().marker).toBeUndefined();
  });

  it('builds again when the recorded bundle is gone', async () => {
    const url = await reusableBundle(request);
    rmSync(fileURLToPath(url));
    expect(await reusableBundle(request)).toBe(url);
    expect(readFileSync(fileURLToPath(url), 'utf8')).toContain('second');
  });
});

describe('reusableBundle with sourceUrls', () => {
  it("keeps each file's import.meta.url its own and leaves strings that mention it alone", async () => {
    const folder = path.join(source, 'nested');
    mkdirSync(folder, { recursive: true });
    const inner = path.join(folder, 'inner.ts');
    writeFileSync(inner, "export const innerUrl: string = import.meta.url;\nexport const said = 'import.meta.url';\n");
    const outer = path.join(source, 'outer.ts');
    writeFileSync(outer, "export { innerUrl, said } from './nested/inner';\nexport const outerUrl: string = import.meta.url;\n");
    const url = await reusableBundle({ name: 'urls', entry: outer, dir, sourceUrls: true, sourcemap: true });
    const loaded = (await import(url)) as { innerUrl: string; outerUrl: string; said: string };
    expect(loaded.innerUrl).toBe(pathToFileURL(inner).href);
    expect(loaded.outerUrl).toBe(pathToFileURL(outer).href);
    expect(loaded.said).toBe('import.meta.url');
    expect(readFileSync(fileURLToPath(url), 'utf8')).toContain('sourceMappingURL=data:application/json');
  });
});

describe('reusableBundle with prune', () => {
  it("deletes this name's bundles last written over a day ago when it builds, and keeps the rest", async () => {
    const folder = path.join(work, 'pruned');
    mkdirSync(folder, { recursive: true });
    const entryFile = path.join(source, 'pruned-entry.ts');
    writeFileSync(entryFile, 'export const n: number = 1;\n');
    const dayAndMore = (Date.now() - 25 * 3600 * 1000) / 1000;
    const old = path.join(folder, 'pruned-0123456789abcdef.mjs');
    const recent = path.join(folder, 'pruned-fedcba9876543210.mjs');
    const otherName = path.join(folder, 'other-0123456789abcdef.mjs');
    for (const f of [old, recent, otherName]) writeFileSync(f, 'export {};\n');
    for (const f of [old, otherName]) utimesSync(f, dayAndMore, dayAndMore);

    await reusableBundle({ name: 'pruned', entry: entryFile, dir: folder });
    expect([old, recent, otherName].map(existsSync)).toEqual([true, true, true]);

    writeFileSync(entryFile, 'export const n: number = 2;\n');
    const url = await reusableBundle({ name: 'pruned', entry: entryFile, dir: folder, prune: true });
    expect([old, recent, otherName].map(existsSync)).toEqual([false, true, true]);
    expect(existsSync(fileURLToPath(url))).toBe(true);
  });
});

describe('renderTaskBundle', () => {
  it('bundles the render task with mupdf left to its package', async () => {
    const url = await renderTaskBundle();
    const code = readFileSync(fileURLToPath(url), 'utf8');
    expect(code).toMatch(/from\s*"file:\/\/[^"]*\/mupdf\/[^"]*"/);
    expect(await renderTaskBundle()).toBe(url);
  });
});
