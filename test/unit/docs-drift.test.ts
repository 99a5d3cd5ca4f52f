// The product's documents stand on their own and speak of the release they ship with: a page that
// names another release (a number copied from a planning note) or a path outside the repository (a
// design note on the author's machine, a scratch directory) fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { SERVICE_VERSION } from '../../src/version.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** README.md, docs/, the clients' and the examples' pages. bench/RESULTS.md is a lab notebook of
 * past runs (it names baselines and scratch worktrees on purpose) and is not a product page. */
function productDocs(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(rel);
      else if (entry.isFile() && entry.name.endsWith('.md')) found.push(rel);
    }
  };
  for (const dir of ['docs', 'clients', 'examples']) walk(dir);
  return found;
}

const CURRENT = SERVICE_VERSION.split('.').slice(0, 2).join('.');

/** Release numbers a page names: "release 0.7", "releases before 0.4", "since 0.6", "v0.5", "the 0.7 changes", "0.4–0.6". */
export function releasesNamed(text: string): string[] {
  const named: string[] = [];
  const patterns = [
    /\breleases?\s+(?:before\s+|after\s+|since\s+|of\s+)?v?(\d+\.\d+)(?:\.\d+)?\b/gi,
    /\b(?:since|before|until|after)\s+(?:release\s+)?v(\d+\.\d+)\b/gi,
    /\b(?:since|before|until)\s+(\d+\.\d+)(?:\.\d+)?\b(?!\s*(?:s|ms|%|MiB|GiB|KB|MB))/gi,
    /(?<![\w.-])v(\d+\.\d+)(?:\.\d+)?\b/g,
    /\b(\d+\.\d+)\s+(?:changes|release|engine|path)\b/gi,
    /\b(?:runs|histories|versions)\s+of\s+(\d+\.\d+)\b/gi,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) named.push(m[1]!);
  // A range of releases ("0.4–0.6") names both ends.
  for (const m of text.matchAll(/\b(?:releases?|runs of)\s+(\d+\.\d+)\s*[–-]\s*(\d+\.\d+)\b/gi)) named.push(m[1]!, m[2]!);
  return named;
}

/** Paths outside the repository: absolute paths of a machine, and relative links that climb out of it. */
export function outsidePaths(text: string, docPath: string): string[] {
  const found = [...text.matchAll(/(?<![\w.:/-])(\/work\/|\/tmp\/|\/home\/|\/root\/|\/Users\/)[^\s`)'"]*/g)].map((m) => m[0]);
  for (const m of text.matchAll(/(?:\]\(|`|\s)((?:\.\.\/)+[^\s)`'"#]*)/g)) {
    const target = path.resolve(ROOT, path.dirname(docPath), m[1]!);
    if (path.relative(ROOT, target).startsWith('..')) found.push(m[1]!);
  }
  return found;
}

describe('the product documents', () => {
  const docs = productDocs();

  it('are found (README, docs/, clients, examples)', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/temporal-runs.md', 'docs/architecture.md', 'clients/python/README.md']));
  });

  it.each(docs)('%s names no release but the current one', (doc) => {
    const others = releasesNamed(readFileSync(path.join(ROOT, doc), 'utf8')).filter((r) => r !== CURRENT);
    expect(others).toEqual([]);
  });

  it.each(docs)('%s names no path outside the repository', (doc) => {
    expect(outsidePaths(readFileSync(path.join(ROOT, doc), 'utf8'), doc)).toEqual([]);
  });

  it('the checks bite: a page naming another release or an outside path is caught', () => {
    expect(releasesNamed('Since release 0.7 a run reads true.')).toEqual(['0.7']);
    expect(releasesNamed('The 0.7 changes are behind one marker; runs of 0.4–0.6 replay.')).toEqual(expect.arrayContaining(['0.7', '0.4', '0.6']));
    expect(releasesNamed('docextract v0.9.1 ships')).toEqual(['0.9']);
    expect(releasesNamed('retries within 0.5 s; a threshold of 0.7; since 2 s')).toEqual([]);
    expect(outsidePaths('see `/work/shared/design.md` "Shape"', 'docs/architecture.md')).toEqual(['/work/shared/design.md']);
    expect(outsidePaths('scratch in /tmp/b-wt', 'README.md')).toEqual(['/tmp/b-wt']);
    expect(outsidePaths('[design](../../shared/design.md)', 'docs/architecture.md')).toEqual(['../../shared/design.md']);
    expect(outsidePaths('the [client](../clients/typescript/index.ts)', 'docs/clients.md')).toEqual([]);
    expect(outsidePaths('[design](../shared/design.md)', 'README.md')).toEqual(['../shared/design.md']);
  });
});
