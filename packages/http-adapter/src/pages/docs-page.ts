import { createRequire } from 'node:module';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.js';
import { staticAsset, textAsset } from './static-asset.js';

const require = createRequire(import.meta.url);

/** The reference renderer's options: no web fonts from its host, no request proxy, no telemetry. */
const SCALAR_CONFIGURATION = {
  withDefaultFonts: false,
  hideClientButton: true,
  proxyUrl: '',
  telemetry: false,
  hideDarkModeToggle: false,
  metaData: { title: 'Billing API reference' },
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Billing API reference</title>
</head>
<body>
<script id="api-reference" data-url="/openapi.json" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
<script src="/docs/api-reference.js"></script>
</body>
</html>
`;

/**
 * `GET /docs`: the API reference rendered in the browser from `/openapi.json` by Scalar's standalone
 * bundle, served from the installed package (nothing loaded from another host).
 * @example registerDocsPage(app)
 */
export function registerDocsPage(app: OpenAPIHono<AppEnv>): void {
  const page = textAsset(DOCS_HTML, 'text/html; charset=utf-8');
  // NOTE: resolved on the first request, so an app that never serves /docs does not need the file.
  const bundle = staticAsset(() => require.resolve('@scalar/api-reference/browser/standalone.js'), 'text/javascript; charset=utf-8');
  app.get('/docs', (c) => page.respond(c));
  app.get('/docs/api-reference.js', (c) => bundle.respond(c));
}
