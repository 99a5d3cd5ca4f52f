// The render threads' code (render-task.ts and what it imports) as one bundled ES module in the temp
// folder: threads load plain JavaScript, so a thread starts in the time mupdf takes, whatever runs
// the service (tsx, ts-jest or plain node).
//
// Bundling costs ~0.3 s of CPU (esbuild's process, the build). Every process that renders paid it
// at its first page: the API, each worker, and each test file of a test run (~150 processes). The
// bundle is reused while its inputs hash the same (src/bundles/reusable-bundle.mjs).
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reusableBundle } from '../bundles/reusable-bundle.mjs';

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

/** The render task's bundle (its file URL), reused while its inputs are unchanged. */
export function renderTaskBundle(): Promise<string> {
  return reusableBundle({
    name: 'render-task',
    entry: fileURLToPath(new URL('./render-task.ts', import.meta.url)),
    dir: path.join(os.tmpdir(), 'docextract-render'),
    // mupdf is loaded from its package (its WebAssembly lies beside it); native code (sharp) is never
    // bundled: the thread imports the installed package (or fails to, and encodes without it: page-codec.ts).
    externals: { mupdf: pathToFileURL(mupdfEntry()).href, sharp: sharpUrl() ?? 'sharp' },
    // CommonJS packages bundled here may call require() at run time (msgreader's iconv-lite →
    // safer-buffer requires 'buffer'); an ES module has no `require`, so esbuild's shim would throw
    // "Dynamic require ... is not supported" when the bundle loads. A real one, made for the
    // bundle's own URL, answers those calls (Node's built-ins; the bundle lives in the temp folder).
    banner: "import { createRequire as __docextractCreateRequire } from 'node:module'; const require = __docextractCreateRequire(import.meta.url);",
  });
}
