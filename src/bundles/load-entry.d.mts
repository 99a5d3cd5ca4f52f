// Types of load-entry.mjs (plain JavaScript, see there).
export interface LoadOptions {
  /** Load from the service bundle (default true); false: through tsx. */
  bundled?: boolean;
  /** Called when the bundle is ready, before the entry is imported from it. */
  onBundled?: () => void;
  /** Called when bundling failed; the entry is then loaded through tsx. */
  onBundleFailure?: (err: unknown) => void;
}

/** The entry's module namespace, loaded from its service bundle or through tsx. */
export function importEntry(entry: string, options?: LoadOptions): Promise<unknown>;
