import path from 'node:path';

/**
 * Keep the name a client gave, minus anything that could act as a path or break a header:
 * directory parts, control characters, and excess length.
 */
export function cleanFilename(raw: string | null | undefined): string {
  const base = path.posix.basename(String(raw ?? '').replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\uFFFD/g, '_').trim();
  const safe = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  return (safe || 'upload').slice(0, 255);
}
