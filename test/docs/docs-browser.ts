// Loads the /docs reference page in headless Chromium (Debian's `chromium` package, driven by
// playwright-core) and reports what a reader would see. Shared by test/docs/docs-page.test.ts and
// scripts/docs-screenshot.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const run = promisify(execFile);

// The callbacks passed to page.evaluate/waitForFunction run in the page; tsconfig has no DOM lib.
declare const document: { querySelectorAll(selector: string): ArrayLike<unknown>; documentElement: { scrollHeight: number } };

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// No sandbox: CI containers run as root. The rest keeps the browser from phoning home, so any
// request that leaves the service's origin during a check is the page's doing.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumAvailable = () => existsSync(CHROMIUM_PATH);

/** Headless Chromium with the flags above, for the browser checks (docs page, studio, Temporal UI). */
export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

/**
 * Chromium from Debian's `chromium` package, installed with apt-get when missing (root on Debian, as
 * on this project's machines and CI; bench/render.ts installs poppler the same way), so the browser
 * check runs from a fresh clone with no hand step. Returns the browser's version line
 * (e.g. "Chromium 131.0.6778.139 built on Debian ..."); throws when it cannot be had.
 */
export async function ensureChromium(log: (line: string) => void = (l) => console.error(l)): Promise<string> {
  if (!chromiumAvailable()) {
    if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${CHROMIUM_PATH} does not exist`);
    if (process.getuid?.() !== 0) throw new Error(`No Chromium at ${CHROMIUM_PATH} and not root: apt-get install -y chromium`);
    log(`[docs] no Chromium at ${CHROMIUM_PATH}; installing Debian's chromium with apt-get...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Another apt-get may hold the dpkg lock (shared machines): wait for it rather than fail.
    const apt = (args: string[]) => run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { env, maxBuffer: 64 * 1024 * 1024 });
    const install = () => apt(['install', '-y', '--no-install-recommends', 'chromium']);
    await install().catch(async () => {
      await apt(['update']);
      await install();
    });
    if (!chromiumAvailable()) throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} is still missing`);
  }
  const { stdout } = await run(CHROMIUM_PATH, ['--version']);
  return stdout.trim();
}

export interface DocsPageReport {
  /** The document title shown by the page (info.title). */
  title: string;
  /** `METHOD /path` of every operation the page lists, in page order. */
  operations: string[];
  /** The page's visible text, zero-width spaces removed (Swagger UI puts them inside paths). */
  text: string;
  /** Requests to any origin other than the service's. */
  foreignRequests: string[];
  /** Requests that failed or answered >= 400. */
  failedRequests: string[];
  consoleErrors: string[];
}

export interface RenderOptions {
  /** Wait until at least this many operations are rendered. */
  minOperations: number;
  /** Write a PNG of the rendered page here: its top, at most `screenshotHeight` CSS pixels (default 2400). */
  screenshotPath?: string;
  screenshotHeight?: number;
  timeoutMs?: number;
}

export async function renderDocsPage(baseUrl: string, opts: RenderOptions): Promise<DocsPageReport> {
  const origin = new URL(baseUrl).origin;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 }, deviceScaleFactor: 1 });
    const foreignRequests: string[] = [];
    const failedRequests: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith('data:') && new URL(url).origin !== origin) foreignRequests.push(url);
    });
    page.on('requestfailed', (req) => failedRequests.push(`${req.url()} (${req.failure()?.errorText})`));
    page.on('response', (res) => {
      if (res.status() >= 400) failedRequests.push(`${res.url()} → ${res.status()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (err) => consoleErrors.push(String(err)));

    const timeout = opts.timeoutMs ?? 30_000;
    await page.goto(new URL('/docs', origin).href, { waitUntil: 'load', timeout });
    await page.locator('.opblock').first().waitFor({ timeout });

    // Swagger UI (5.35) virtualises the list once its tags and operations reach 150: only what is
    // near the viewport is in the page. So the page is read while it scrolls, top to bottom, as a
    // reader sees it, until every operation has been shown.
    const seen = new Set<string>();
    const readVisible = async () => {
      const shown = await page.$$eval('.opblock', (blocks) =>
        blocks.map((b) => {
          const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '?';
          // Deprecated operations carry a class of their own.
          const path = b.querySelector('[data-path]')?.getAttribute('data-path') ?? '?';
          return `${method} ${path}`;
        }),
      );
      for (const op of shown) seen.add(op);
    };
    const deadline = Date.now() + timeout;
    for (;;) {
      await readVisible();
      if (seen.size >= opts.minOperations) break;
      const moved = await page.evaluate(() => {
        const w = globalThis as any;
        const before = w.scrollY;
        w.scrollBy(0, Math.max(200, Math.floor(w.innerHeight / 2)));
        return w.scrollY !== before;
      });
      await page.waitForTimeout(50);
      if (!moved) {
        await readVisible();
        break;
      }
      if (Date.now() > deadline) throw new Error(`/docs showed ${seen.size} of ${opts.minOperations} operations within ${timeout} ms`);
    }
    await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
    const operations = [...seen];
    const title = ((await page.locator('.info .title').first().textContent()) ?? '').trim();
    // The page's text as read at the top, and the operations shown on the way down.
    const text = `${(await page.locator('#swagger-ui').innerText()).replace(/\u200b/g, '')}\n${operations.join('\n')}`;
    if (opts.screenshotPath) {
      // The whole page is over 4000 px tall; its top (title, workflow, first groups) is what a
      // reader needs to recognise, at a fraction of the file size.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const clip = { x: 0, y: 0, width: 1024, height: Math.min(height, opts.screenshotHeight ?? 2400) };
      await page.screenshot({ path: opts.screenshotPath, fullPage: true, clip });
    }
    return { title, operations, text, foreignRequests, failedRequests, consoleErrors };
  } finally {
    await browser.close();
  }
}
