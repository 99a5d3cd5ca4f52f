import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Router from '@koa/router';
import { FAVICON_PNG } from '../favicon.js';

// The studio: a page to try extractors and parsers on a document in the browser. Its code is the
// committed bundle in src/studio/bundle (built from src/studio/app by `npm run build:studio`),
// served from here: no CDN, nothing from another origin. The page and its assets hold no data and
// are public; the studio asks for an API token and sends it with each /v1 call.
const BUNDLE_DIR = new URL('../../studio/bundle/', import.meta.url);

// Only these files are served: an allow-list, never a path taken from the request.
const ASSETS: Record<string, string> = {
  'studio.js': 'text/javascript; charset=utf-8',
  'studio.css': 'text/css; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Studio · Document Extraction and Parsing Service</title>
  <link rel="stylesheet" href="/studio/assets/studio.css">
</head>
<body>
  <noscript>The studio needs JavaScript. The API reference is at <a href="/docs">/docs</a>.</noscript>
  <div id="app"></div>
  <script type="module" src="/studio/assets/studio.js"></script>
</body>
</html>
`;

// Same-origin only. Page images are shown from blob: URLs (fetched with the token); Preact sets
// styles through the CSSOM, which needs no 'unsafe-inline'.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** GET /studio (the page), GET /studio/assets/{asset} (its script and styles) and GET /favicon.ico. Public. */
export function studioRoutes(): Router {
  const router = new Router();
  const cache = new Map<string, { bytes: Buffer; etag: string }>();

  router.get('/studio', (ctx) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });

  // The icon browsers ask every page of the origin for by default (the studio, /docs): never a 404.
  router.get('/favicon.ico', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = ctx.accepts('image/png', 'application/octet-stream') === 'application/octet-stream' ? 'application/octet-stream' : 'image/png';
    ctx.body = FAVICON_PNG;
  });

  router.get('/studio/assets/:asset', async (ctx) => {
    const { asset } = ctx.params as { asset: string };
    if (!Object.hasOwn(ASSETS, asset)) return; // not ours: the router's 404
    let entry = cache.get(asset);
    if (!entry) {
      const bytes = await readFile(new URL(asset, BUNDLE_DIR));
      entry = { bytes, etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"` };
      cache.set(asset, entry);
    }
    // Revalidated on each load (a cheap 304), so a new version is picked up at once.
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', entry.etag);
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.get('if-none-match') === entry.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = ASSETS[asset]!;
    ctx.body = entry.bytes;
  });

  return router;
}
