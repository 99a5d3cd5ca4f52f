// glibc's allocator settings for the service's processes, set in the environment before Node
// starts (package.json's start scripts, the Dockerfile): ld.so reads GLIBC_TUNABLES once, at exec.
//
// Why: by default glibc raises its mmap threshold each time a large block it had mmapped is freed
// (up to 32 MiB). After the first page image, the ~1 MB buffers of every later page (PNG bytes,
// base64 text, request bodies, zlib output) come from the malloc heaps of the main thread and of
// each render thread instead, and a heap gives memory back only from its top: the process keeps
// its high-water mark after a long parse. A fixed threshold of 128 KiB (glibc's initial value; a
// fixed value turns the dynamic raising off) keeps every block of 128 KiB or more in a mapping of
// its own, unmapped the moment it is freed. Measured over a 300-page parse (bench/RESULTS.md):
// peak RSS growth −40 to −50 MiB, RSS 5 s after the parse ~90 MiB lower. Ignored where the C
// library is not glibc.
export const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072';

/** `GLIBC_TUNABLES=${GLIBC_TUNABLES:-…}` as a start script of package.json sets it (a caller's own value wins). */
export const START_SCRIPT_PREFIX = `GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${MALLOC_TUNABLES}} `;

/**
 * The GLIBC_TUNABLES default a package.json start script sets, or undefined when it sets none
 * (an older checkout's script): what `npm start` would run with.
 */
export function tunablesOfStartScript(script: string | undefined): string | undefined {
  return /^GLIBC_TUNABLES=\$\{GLIBC_TUNABLES:-([^}]*)\} /.exec(script ?? '')?.[1];
}
