// The source files the layer checks read (scripts/check-*.mjs): every .ts/.js file under `dirs` of
// `root`, relative to it with forward slashes, without node_modules and without what `skip` matches
// (generated bundles are not ours to check). A tree without one of the folders has none of its files.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** @returns {string[]} */
export function sourceFiles(root, dirs, skip) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, dir));
    } catch {
      return;
    }
    for (const name of entries) {
      const rel = `${dir}/${name}`;
      if (name === 'node_modules' || skip.test(rel)) continue;
      if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
      else if (EXTENSIONS.test(name)) files.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return files;
}
