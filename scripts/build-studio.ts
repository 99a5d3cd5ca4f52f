// Bundles the studio (src/studio/app: Preact components, TSX) into src/studio/bundle/studio.js and
// studio.css with esbuild. The bundle is committed, not built at start: a fresh clone's `npm start`,
// `npm run start:api` and the Docker image (which copies src/ and installs production dependencies
// only) all serve it with no build step and no Preact at run time. test/studio/studio.test.ts
// rebuilds it in memory and fails while the committed files differ: run `npm run build:studio`
// after changing the studio.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const APP_DIR = fileURLToPath(new URL('../src/studio/app/', import.meta.url));
export const STUDIO_BUNDLE_DIR = fileURLToPath(new URL('../src/studio/bundle/', import.meta.url));

/** The bundle's files by name, built in memory. */
export async function buildStudio(): Promise<Record<'studio.js' | 'studio.css', string>> {
  const result = await build({
    entryPoints: { studio: path.join(APP_DIR, 'main.tsx') },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    charset: 'utf8',
    outdir: STUDIO_BUNDLE_DIR,
    write: false,
    logLevel: 'silent',
  });
  const files: Partial<Record<'studio.js' | 'studio.css', string>> = {};
  for (const out of result.outputFiles) {
    const name = path.basename(out.path);
    if (name === 'studio.js' || name === 'studio.css') files[name] = out.text;
  }
  if (!files['studio.js'] || !files['studio.css']) throw new Error(`esbuild produced ${result.outputFiles.map((f) => f.path).join(', ')}`);
  return files as Record<'studio.js' | 'studio.css', string>;
}

/** The committed bundle, for comparison. */
export async function committedStudio(): Promise<Record<string, string>> {
  const read = (name: string) => readFile(path.join(STUDIO_BUNDLE_DIR, name), 'utf8').catch(() => '');
  return { 'studio.js': await read('studio.js'), 'studio.css': await read('studio.css') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const files = await buildStudio();
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(STUDIO_BUNDLE_DIR, name), text);
    console.log(`${path.relative(process.cwd(), path.join(STUDIO_BUNDLE_DIR, name))}  ${Buffer.byteLength(text)} bytes`);
  }
}
