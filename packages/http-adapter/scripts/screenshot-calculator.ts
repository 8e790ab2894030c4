// Takes the calculator screenshots of docs/ (docs/calculator.png at desktop width,
// docs/calculator-phone.png at 375 px) in headless Chromium: serves the page's own routes on a
// free port, opens a sample plan, saves both pictures and stops.
//   pnpm --filter @billing/http-adapter run screenshots
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../src/http/context.js';
import { registerCalculatorPage } from '../src/pages/calculator-page.js';
import { launchChromium } from '../test/browser/chromium.js';

const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));
const PLAN = {
  planConfig: {
    currency: 'USD',
    prices: [
      { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12.00' },
      {
        productType: 'PRODUCT_TYPE_BASE',
        pricingModel: 'PRICING_MODEL_TIERED',
        metricName: 'requests_k',
        freeUnits: 100,
        tiers: [
          { startInclusive: 0, endExclusive: 1000, unitAmount: '0.010' },
          { startInclusive: 1000, endExclusive: 5000, unitAmount: '0.006' },
          { startInclusive: 5000, unitAmount: '0.004' },
        ],
      },
      { productType: 'PRODUCT_TYPE_ADDON', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '2.50', addonCode: 'backup' },
      { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.01', metricName: 'egress_gb', freeUnits: 1000 },
    ],
  },
  instances: [
    { quantity: 2, region: 'eu-west', usage: { requests_k: 2400, egress_gb: 2600 }, addons: [{ code: 'backup' }] },
    { quantity: 1, region: 'us-east', hoursUsed: 400, usage: { requests_k: 700, egress_gb: 300 } },
  ],
  calcConfig: { discountPercent: 10, couponValue: '5.00', taxRate: '0.2' },
};

const app = new OpenAPIHono<AppEnv>();
registerCalculatorPage(app);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const address = server.address();
if (address === null || typeof address === 'string') throw new Error('the page server has no port');
const url = `http://127.0.0.1:${address.port}/calculator#plan=${Buffer.from(JSON.stringify(PLAN)).toString('base64url')}`;
const browser = await launchChromium();
try {
  const desktop = await browser.newPage({ viewport: { width: 1440, height: 1200 } });
  await desktop.goto(url, { waitUntil: 'networkidle' });
  await desktop.getByTestId('usage-chart').waitFor();
  await desktop.screenshot({ path: join(DOCS, 'calculator.png') });
  const phone = await browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.goto(url, { waitUntil: 'networkidle' });
  await phone.getByRole('group', { name: 'Instance 1', exact: true }).scrollIntoViewIfNeeded();
  await phone.evaluate('document.querySelector(\'fieldset[data-instance-index="0"]\').scrollIntoView({ block: "start" }); window.scrollBy(0, -40)');
  await phone.screenshot({ path: join(DOCS, 'calculator-phone.png') });
  process.stdout.write(`wrote ${join(DOCS, 'calculator.png')} and calculator-phone.png\n`);
} finally {
  await browser.close();
  server.close();
}
