// Loads the /docs reference page in headless Chromium (Debian's `chromium` package, driven by
// playwright-core) and reports what a reader would see. Shared by test/docs/docs-page.test.ts and
// scripts/docs-screenshot.ts.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

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
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
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
    await page.waitForFunction((n) => document.querySelectorAll('.opblock').length >= n, opts.minOperations, { timeout });

    const operations = await page.$$eval('.opblock', (blocks) =>
      blocks.map((b) => {
        const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '?';
        // Deprecated operations carry a class of their own.
        const path = b.querySelector('[data-path]')?.getAttribute('data-path') ?? '?';
        return `${method} ${path}`;
      }),
    );
    const title = ((await page.locator('.info .title').first().textContent()) ?? '').trim();
    const text = (await page.locator('#swagger-ui').innerText()).replace(/\u200b/g, '');
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
