// @ts-check
// An esbuild bundle kept in a folder and reused while the files it was built from are unchanged: a
// manifest beside it lists every input with its hash. Reusing costs reading and hashing the inputs
// (milliseconds); building costs esbuild's process and the build. Plain JavaScript (types in
// reusable-bundle.d.mts), so that the loaders of our entries can use it before anything compiles
// TypeScript (load-entry.mjs) as well as the render pool (src/documents/task-bundle.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** @param {string} text the text as a regular expression matching only itself */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** @param {string | Uint8Array} bytes */
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

const requireHere = createRequire(import.meta.url);
/** @type {string} */
const ESBUILD_VERSION = requireHere('esbuild/package.json').version;
/** This file's own text: a changed way of building makes new bundles. */
const OWN_SOURCE = readFileSync(fileURLToPath(import.meta.url), 'utf8');

/**
 * @param {import('./reusable-bundle.d.mts').BundleRequest} request
 * @returns {Promise<string>} the bundle's file URL
 */
export async function reusableBundle(request) {
  const settings = [JSON.stringify(request), ESBUILD_VERSION, OWN_SOURCE].join('\n');
  const manifestPath = path.join(request.dir, `${request.name}-inputs-${sha256(settings).slice(0, 16)}.json`);
  return (await bundleOnRecord(request.dir, manifestPath)) ?? build(request, manifestPath);
}

/**
 * The recorded bundle when it exists and every input still hashes as recorded; otherwise undefined.
 * @param {string} dir
 * @param {string} manifestPath
 */
async function bundleOnRecord(dir, manifestPath) {
  try {
    /** @type {{ bundle: string, inputs: Record<string, string> }} */
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    const file = path.join(dir, path.basename(manifest.bundle));
    if (!existsSync(file) || Object.keys(manifest.inputs).length === 0) return undefined;
    for (const [input, hash] of Object.entries(manifest.inputs)) {
      if (sha256(await readFile(input)) !== hash) return undefined;
    }
    return pathToFileURL(file).href;
  } catch {
    return undefined; // no manifest yet, an unreadable one, or an input gone: build
  }
}

/**
 * @param {import('./reusable-bundle.d.mts').BundleRequest} request
 * @param {string} manifestPath
 */
async function build(request, manifestPath) {
  const { build: esbuild, transform } = await import('esbuild');
  /** @type {import('esbuild').Plugin[]} */
  const plugins = [];
  const externals = Object.entries(request.externals ?? {});
  if (externals.length > 0) {
    plugins.push({
      name: 'externals',
      setup(b) {
        for (const [name, specifier] of externals) {
          b.onResolve({ filter: new RegExp(`^${escapeRegExp(name)}$`) }, () => ({ path: specifier, external: true }));
        }
      },
    });
  }
  if (request.sourceUrls) {
    // Each module's import.meta.url stays its source file's URL, so what it finds beside itself
    // (migrations, openapi.yaml, thread entry files, packages through createRequire) is found.
    plugins.push({
      name: 'source-urls',
      setup(b) {
        b.onLoad({ filter: /\.([cm]?ts|[cm]?js)$/ }, async (args) => {
          if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
          const text = await readFile(args.path, 'utf8');
          if (!text.includes('import.meta')) return undefined;
          // esbuild's own define: the expression is replaced, never a string that mentions it.
          const { code } = await transform(text, { loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js', format: 'esm', sourcefile: args.path, define: { 'import.meta.url': JSON.stringify(pathToFileURL(args.path).href) }, ...(request.sourcemap ? { sourcemap: 'inline' } : {}) });
          return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
        });
      },
    });
  }
  const result = await esbuild({
    entryPoints: [request.entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    // In its folder (renamed there after its hash): the map's source paths are relative to it.
    outfile: path.join(request.dir, `${request.name}.mjs`),
    metafile: true,
    logLevel: 'silent',
    ...(request.packagesExternal ? { packages: 'external' } : {}),
    ...(request.banner ? { banner: { js: request.banner } } : {}),
    // Without the sources' text: the files are on disk beside it, and the map stays small.
    ...(request.sourcemap ? { sourcemap: 'inline', sourcesContent: false } : {}),
    plugins,
  });
  const code = /** @type {Uint8Array} */ (result.outputFiles?.[0]?.contents);
  const name = `${request.name}-${sha256(code).slice(0, 16)}.mjs`;
  const file = path.join(request.dir, name);
  await mkdir(request.dir, { recursive: true });
  if (!existsSync(file)) await writeAtomically(file, code);
  if (request.prune) await removeStale(request.dir, request.name, [name, path.basename(manifestPath)]);
  // esbuild's input paths are relative to its working directory (the process's). An input that
  // cannot be read back (none is expected) leaves no manifest: the next process builds again.
  /** @type {Record<string, string>} */
  const inputs = {};
  try {
    for (const input of Object.keys(result.metafile?.inputs ?? {})) {
      const absolute = path.resolve(input);
      inputs[absolute] = sha256(await readFile(absolute));
    }
    await writeAtomically(manifestPath, JSON.stringify({ bundle: name, inputs }));
  } catch {
    // the bundle itself is whole and used
  }
  return pathToFileURL(file).href;
}

/**
 * With `prune`, a day after it was last written an earlier bundle or manifest of this name is
 * deleted when a new one is built: for bundles a process imports as it starts, never for one it
 * may import later (the render pool starts threads from its bundle whenever it needs them).
 */
const STALE_MS = 24 * 3600 * 1000;

/**
 * @param {string} dir
 * @param {string} name
 * @param {string[]} current
 */
async function removeStale(dir, name, current) {
  const { readdir, stat, unlink } = await import('node:fs/promises');
  const pattern = new RegExp(`^${escapeRegExp(name)}-(inputs-)?[0-9a-f]{16}\\.(mjs|json)$`);
  for (const entry of await readdir(dir).catch(() => [])) {
    if (current.includes(entry) || !pattern.test(entry)) continue;
    const file = path.join(dir, entry);
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await unlink(file).catch(() => {});
  }
}

/**
 * Written beside and renamed into place: a concurrent reader sees the old file or the whole new one.
 * @param {string} file
 * @param {string | Uint8Array} content
 */
async function writeAtomically(file, content) {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}

/** Where the service's own bundles are kept (scripts/start-service.mjs): beside the installed packages. */
const SERVICE_BUNDLE_DIR = fileURLToPath(new URL('../../node_modules/.cache/docextract-service/', import.meta.url));

/**
 * One of the service's TypeScript entry points (src/bin/*.ts, the API thread's) bundled with our
 * own code only: packages stay in node_modules and import.meta.url stays each file's own URL.
 * @param {string} entry absolute path of the entry file
 */
export function serviceBundle(entry) {
  return reusableBundle({ name: path.basename(entry, path.extname(entry)), entry, dir: SERVICE_BUNDLE_DIR, packagesExternal: true, sourceUrls: true, sourcemap: true, prune: true });
}
