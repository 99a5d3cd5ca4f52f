#!/usr/bin/env node
// mupdf off the main thread (docs/architecture.md, "The stored document"): every mupdf call of the
// service runs in the render pool. Outside src/documents, no file under src/, activities/ or
// workflows/ imports mupdf, or a module of src/documents that imports it (they run mupdf on the
// calling thread: src/documents/this-thread.ts gathers them for tests); and the document module's
// entry (src/documents/index.ts) re-exports no function of such a module, only their types.
// Usage: node scripts/check-mupdf.mjs [root]   (root defaults to the current directory)
// Exits 1 and lists each offending import when one does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './lib/source-files.mjs';

const DIRS = ['src', 'activities', 'workflows'];
const DOCUMENTS = 'src/documents/';
const ENTRY = 'src/documents/index.ts';
/** Generated bundles are not ours to check. */
const SKIP = /^src\/studio\/(bundle|app)\//;
/** Every import or re-export with a module specifier: `import x from '…'`, `export { … } from '…'`, `import('…')`. */
const IMPORTS = /\b(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

const root = path.resolve(process.argv[2] ?? '.');
const files = sourceFiles(root, DIRS, SKIP);

/** The imports of a file: line, specifier, whether type-only, and the names of an `export { … } from`. */
function importsOf(rel) {
  const text = readFileSync(path.join(root, rel), 'utf8');
  const out = [];
  for (const m of text.matchAll(IMPORTS)) {
    const spec = m[4] ?? m[5] ?? m[6];
    const line = text.slice(0, m.index).split('\n').length;
    out.push({ line, spec, keyword: m[1] ?? 'import', typeOnly: Boolean(m[2]), clause: m[3] ?? '' });
  }
  return out;
}

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), as a path from the root. */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return target.replace(/\.js$/, '.ts');
}

const isMupdf = (spec) => spec === 'mupdf' || spec.startsWith('mupdf/');
const table = new Map(files.map((f) => [f, importsOf(f)]));
/** Modules of src/documents that run mupdf on the calling thread: they import its code (not only its types). */
const onThisThread = new Set(files.filter((f) => f.startsWith(DOCUMENTS) && table.get(f).some((i) => isMupdf(i.spec) && !i.typeOnly && !/^type\b/.test(i.clause))));

const offences = [];
for (const [rel, imports] of table) {
  for (const i of imports) {
    if (i.typeOnly) continue;
    const target = resolve(rel, i.spec);
    if (!rel.startsWith(DOCUMENTS)) {
      if (isMupdf(i.spec)) offences.push(`${rel}:${i.line}: imports mupdf (call the render pool through src/documents/index.ts)`);
      else if (target && onThisThread.has(target)) offences.push(`${rel}:${i.line}: imports ${target}, which runs mupdf on the calling thread`);
    } else if (rel === ENTRY && i.keyword === 'export' && target && onThisThread.has(target)) {
      // `export { type A, type B } from` is fine; any name without `type`, or `export *`, hands out mupdf code.
      const names = i.clause.replace(/^\{|\}$/g, '').split(',').map((n) => n.trim()).filter(Boolean);
      const values = i.clause.trim().startsWith('*') ? ['*'] : names.filter((n) => !/^type\s/.test(n));
      if (values.length > 0) offences.push(`${rel}:${i.line}: re-exports ${values.join(', ')} from ${target}, which runs mupdf on the calling thread`);
    }
  }
}

if (offences.length > 0) {
  console.error('mupdf-off-main-thread: every mupdf call runs in the render pool (src/documents/pool.ts).');
  console.error('Add a render task (src/documents/render-task.ts) and call it through src/documents/index.ts instead:');
  for (const o of offences) console.error(`  ${o}`);
  process.exit(1);
}
console.log(`mupdf-off-main-thread: ok (mupdf runs only in the render pool; ${onThisThread.size} modules of src/documents use it)`);
