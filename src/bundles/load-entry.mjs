// @ts-check
// Loads one of our TypeScript entry modules into this process (no wrapper process: signals reach
// the service itself, Ctrl-C the CLI): from its service bundle (reusable-bundle.mjs) or, when it is
// not wanted or bundling fails, through tsx's loader. Used by scripts/start-service.mjs, the API
// thread (src/runtime/api-thread.mjs) and the CLI (bin/docextract.mjs).
import { pathToFileURL } from 'node:url';
import { serviceBundle } from './reusable-bundle.mjs';

/**
 * @param {string} entry absolute path of the entry file
 * @param {import('./load-entry.d.mts').LoadOptions} [options]
 * @returns {Promise<any>} the entry's module namespace
 */
export async function importEntry(entry, { bundled = true, onBundled, onBundleFailure } = {}) {
  let bundle;
  if (bundled) {
    try {
      bundle = await serviceBundle(entry);
    } catch (err) {
      onBundleFailure?.(err);
    }
  }
  if (bundle) {
    onBundled?.();
    // Stack traces in logs and in Temporal's failures name the TypeScript's lines (the bundle's inline map).
    process.setSourceMapsEnabled(true);
    return import(bundle);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(entry).href);
}
