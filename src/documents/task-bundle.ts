// The render threads' code (render-task.ts and what it imports) as one bundled ES module in the temp
// folder: threads load plain JavaScript, so a thread starts in the time mupdf takes, whatever runs
// the service (tsx, ts-jest or plain node).
//
// Bundling costs ~0.3 s of CPU (esbuild's process, the build). Every process that renders paid it
// at its first page: the API, each worker, and each test file of a test run (~150 processes). A
// manifest beside the bundle lists the files it was built from with their hashes; a process whose
// inputs hash the same reuses the bundle (hashing them: ~10 ms) and builds only when one changed.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRY = fileURLToPath(new URL('./render-task.ts', import.meta.url));
const BUNDLE_DIR = path.join(os.tmpdir(), 'docextract-render');

/** The entry file of the mupdf package (its WebAssembly lies beside it). */
export const mupdfEntry = () => createRequire(import.meta.url).resolve('mupdf');

/** sharp's entry file as a URL (the bundle lives in the temp folder, outside node_modules), or undefined when not installed. */
function sharpUrl(): string | undefined {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;
  } catch {
    return undefined;
  }
}

const esbuildVersion = (): string => (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

interface Manifest {
  /** The bundle's file name in BUNDLE_DIR. */
  bundle: string;
  /** Every file esbuild read (absolute path) → sha256 of its content. */
  inputs: Record<string, string>;
}

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The render task's bundle (its file URL), reused while its inputs are unchanged. */
export async function renderTaskBundle(): Promise<string> {
  return reusableBundle({ entry: ENTRY, dir: BUNDLE_DIR, externals: { mupdf: pathToFileURL(mupdfEntry()).href, sharp: sharpUrl() ?? 'sharp' } });
}

export interface BundleRequest {
  /** The entry file (absolute path). */
  entry: string;
  /** Where bundles and manifests are kept. */
  dir: string;
  /** Packages left out of the bundle, each imported from the given specifier instead. */
  externals: Record<string, string>;
}

/** The bundle's file URL: the one on record when its inputs are unchanged, else a new build. */
export async function reusableBundle(request: BundleRequest): Promise<string> {
  // One manifest per entry, set of externals, esbuild version and build settings (this file): two
  // clones on one machine do not overwrite each other's, and a changed build is built anew.
  const settings = [request.entry, JSON.stringify(request.externals), esbuildVersion(), await readFile(fileURLToPath(import.meta.url), 'utf8')].join('\n');
  const manifestPath = path.join(request.dir, `task-inputs-${sha256(settings).slice(0, 16)}.json`);
  return (await bundleOnRecord(request.dir, manifestPath)) ?? build(request, manifestPath);
}

/** The recorded bundle, when it exists and every input still hashes as recorded; otherwise undefined. */
async function bundleOnRecord(dir: string, manifestPath: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
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

async function build({ entry, dir, externals }: BundleRequest, manifestPath: string): Promise<string> {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // CommonJS packages bundled here may call require() at run time (msgreader's iconv-lite →
    // safer-buffer requires 'buffer'); an ES module has no `require`, so esbuild's shim would throw
    // "Dynamic require ... is not supported" when the bundle loads. A real one, made for the
    // bundle's own URL, answers those calls (Node's built-ins; the bundle lives in the temp folder).
    banner: { js: "import { createRequire as __docextractCreateRequire } from 'node:module'; const require = __docextractCreateRequire(import.meta.url);" },
    plugins: [
      {
        // mupdf is loaded from its package (its WebAssembly lies beside it); native code (sharp) is
        // never bundled: the thread imports the installed package (or fails to, and encodes
        // without it: page-codec.ts).
        name: 'externals',
        setup(b) {
          for (const [name, specifier] of Object.entries(externals)) {
            b.onResolve({ filter: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}$`) }, () => ({ path: specifier, external: true }));
          }
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.contents;
  const name = `task-${sha256(code).slice(0, 16)}.mjs`;
  const file = path.join(dir, name);
  await mkdir(dir, { recursive: true });
  if (!existsSync(file)) await writeAtomically(file, code);
  // esbuild's input paths are relative to its working directory (the process's). An input that
  // cannot be read back (none is expected) leaves no manifest: the next process builds again.
  const inputs: Record<string, string> = {};
  try {
    for (const input of Object.keys(result.metafile!.inputs)) {
      const absolute = path.resolve(input);
      inputs[absolute] = sha256(await readFile(absolute));
    }
    await writeAtomically(manifestPath, JSON.stringify({ bundle: name, inputs } satisfies Manifest));
  } catch {
    // the bundle itself is whole and used
  }
  return pathToFileURL(file).href;
}

/** Written beside and renamed into place: a concurrent reader sees the old file or the whole new one. */
async function writeAtomically(file: string, content: string | Uint8Array): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, content);
  await rename(temp, file);
}
