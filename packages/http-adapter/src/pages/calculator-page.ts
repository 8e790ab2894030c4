import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.js';
import { toPlainJson } from '../http/plain-json.js';
import { PLAN_REQUEST_EXAMPLE } from '../routes/plan-example.js';
import { packagePath } from './package-root.js';
import { pricingBundle } from './pricing-bundle.js';
import { pageHeaders, staticAsset } from './static-asset.js';

/** The page's own files under assets/calculator/, each served at /calculator/<file>. */
export const CALCULATOR_FILES = ['app.js', 'form.js', 'form-prices.js', 'form-instances.js', 'violations.js', 'dom.js', 'charts.js', 'decimal.js', 'style.css'] as const;

/**
 * `GET /calculator`: the pricing calculator page, its script and style, and pricing-core's browser
 * bundle it prices with. No auth: nothing is sent to the server.
 * @example registerCalculatorPage(app)
 */
export function registerCalculatorPage(app: OpenAPIHono<AppEnv>): void {
  const html = staticAsset(() => packagePath('assets/calculator/index.html'), 'text/html; charset=utf-8');
  let bundle: Promise<Uint8Array> | undefined;
  app.get('/calculator', (c) => html.respond(c));
  for (const file of CALCULATOR_FILES) {
    const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    const asset = staticAsset(() => packagePath(`assets/calculator/${file}`), type);
    app.get(`/calculator/${file}`, (c) => asset.respond(c));
  }
  // The page's sample plan is the API's example request: one sample, written once.
  const sample = toPlainJson(PLAN_REQUEST_EXAMPLE);
  app.get('/calculator/sample-plan.json', (c) => c.body(sample, 200, pageHeaders('application/json; charset=utf-8')));
  app.get('/calculator/pricing-core.js', async (c) => {
    // NOTE: built (or bundled from source) once per process, on the first request.
    bundle ??= pricingBundle();
    const bytes = await bundle.catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });
    return c.body(new Uint8Array(bytes), 200, pageHeaders('text/javascript; charset=utf-8'));
  });
}
