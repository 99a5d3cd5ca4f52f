// Types of reusable-bundle.mjs (plain JavaScript, see there).
export interface BundleRequest {
  /** Names the bundle and its manifest in `dir` (e.g. `render-task`). */
  name: string;
  /** The entry file (absolute path). */
  entry: string;
  /** Where bundles and manifests are kept. */
  dir: string;
  /** Packages left out of the bundle, each imported from the given specifier instead. */
  externals?: Record<string, string>;
  /** Every package left to node_modules (esbuild's `packages: 'external'`): only our own code is bundled. */
  packagesExternal?: boolean;
  /** import.meta.url in each of our source files stays that file's URL. */
  sourceUrls?: boolean;
  /** An inline source map (without the sources' text): stack traces name the TypeScript's lines where source maps are enabled. */
  sourcemap?: boolean;
  /** Delete this name's bundles and manifests a day after they were last written, when a new one is built (only for bundles imported at start-up). */
  prune?: boolean;
  /** JavaScript put at the top of the bundle. */
  banner?: string;
}

/** The bundle's file URL: the one on record when its inputs are unchanged, else a new build. */
export function reusableBundle(request: BundleRequest): Promise<string>;

/** One of the service's entry points bundled with our own code only (packages stay in node_modules). */
export function serviceBundle(entry: string): Promise<string>;
