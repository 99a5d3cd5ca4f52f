import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';

// The interactive API reference: Swagger UI from the swagger-ui-dist package, served by the service
// itself (no CDN, so it works offline) and rendering the same-origin /openapi.yaml.
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// Only these files are served: an allow-list, never a path taken from the request.
const PACKAGE_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// Kept in a file of its own (not inline) so the page runs under a `script-src 'self'` policy.
// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/openapi.yaml',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference · Document Extraction and Parsing Service</title>
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <noscript>This page needs JavaScript. The contract itself is at <a href="/openapi.yaml">/openapi.yaml</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/docs-init.js"></script>
</body>
</html>
`;

// Same-origin everything: the browser itself refuses any third-party fetch. Swagger UI sets inline
// style attributes and shows data: images, hence those two allowances.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** GET /docs (the page) and GET /docs/assets/{asset} (what it loads). Public. */
export function docsRoutes(): Router {
  const router = new Router();
  const cache = new Map<string, Buffer>();

  router.get('/docs', (ctx) => {
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = PAGE;
  });

  router.get('/docs/assets/:asset', async (ctx) => {
    const { asset } = ctx.params as { asset: string };
    if (asset === 'docs-init.js') {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = INIT_SCRIPT;
    } else if (Object.hasOwn(PACKAGE_ASSETS, asset)) {
      let bytes = cache.get(asset);
      if (!bytes) {
        bytes = await readFile(path.join(SWAGGER_UI_DIR, asset));
        cache.set(asset, bytes);
      }
      ctx.type = PACKAGE_ASSETS[asset]!;
      ctx.body = bytes;
    } else {
      return; // not ours: the router's 404
    }
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
  });

  return router;
}
