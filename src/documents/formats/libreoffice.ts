// LibreOffice in headless mode converts what mupdf does not read (OpenDocument, RTF, DOC, XLS,
// PPT) to PDF. Optional on the host: `soffice` on PATH or SERVICE_LIBREOFFICE_PATH. Each
// conversion gets a profile and folder of its own (parallel conversions do not share a profile
// lock) and is killed past its time limit.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocumentError } from '../errors.js';

/** The soffice binary to use: the configured path, else `soffice` (or `libreoffice`) found on PATH; null when none. */
export function findLibreOffice(configured: string | undefined, envPath = process.env.PATH ?? ''): string | null {
  if (configured) return isExecutable(configured) ? configured : null;
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The document converted to PDF by `soffice`; killed (conversion_timeout) after `timeoutMs`. */
export async function libreOfficeToPdf(soffice: string, bytes: Uint8Array, extension: string, timeoutMs: number): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docextract-lo-'));
  try {
    const input = path.join(dir, `input.${extension}`);
    await writeFile(input, bytes);
    const profile = pathToFileURL(path.join(dir, 'profile')).href;
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--nologo', '--convert-to', 'pdf', '--outdir', path.join(dir, 'out'), input],
        // HOME in the folder too: LibreOffice writes there, and must never read a user's settings.
        { timeout: timeoutMs, killSignal: 'SIGKILL', env: { PATH: process.env.PATH ?? '', HOME: dir, LANG: 'C.UTF-8' }, maxBuffer: 1024 * 1024 },
        (err) => {
          if (err && (err as { killed?: boolean }).killed) {
            reject(new DocumentError('conversion_timeout', `LibreOffice did not finish the conversion within ${Math.round(timeoutMs / 1000)} s.`));
          } else if (err) {
            reject(new DocumentError('document_corrupt', `LibreOffice could not convert the document (${err.message.split('\n')[0]}).`));
          } else resolve();
        },
      );
    });
    const produced = (await readdir(path.join(dir, 'out')).catch(() => [] as string[])).find((f) => f.endsWith('.pdf'));
    if (!produced) throw new DocumentError('document_corrupt', 'LibreOffice could not convert the document (it wrote no PDF; the file may be damaged or password-protected).');
    return new Uint8Array(await readFile(path.join(dir, 'out', produced)));
  } finally {
    // A killed soffice's own child may still be writing there: retried, and never masking the outcome.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => {});
  }
}
