import { calculatePlanJson, PricingValidationError } from '@billing/pricing-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PLAN } from '../cli/run-cli.js';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../support/server-process.js';
import { chromiumAvailability, launchChromium } from './chromium.js';

const availability = chromiumAvailability();
if (!availability.ok) console.warn(`SKIPPED the calculator browser tests: ${availability.reason}`);

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const violationsOf = (request: unknown) => {
  try {
    calculatePlanJson(request);
  } catch (error) {
    if (error instanceof PricingValidationError) return error.violations.map((v) => v.field);
  }
  throw new Error('the plan was expected to be invalid');
};

describe.skipIf(!availability.ok)('GET /calculator in headless chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let external: string[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: SCRATCH_STORE, BILLING_JWT_SECRET: 'calculator-test-secret-0123456789abcd' }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page that may load only from the server under test; anything else is recorded and refused. */
  async function newPage(): Promise<Page> {
    external = [];
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(`${server.url}/`)) return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
    return page;
  }

  it('a shared link shows the plan and the same total as calculatePlan, without any other host', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/calculator#plan=${base64url(JSON.stringify(SAMPLE_PLAN))}`);
    const expected = calculatePlanJson(SAMPLE_PLAN);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(expected.total);
    expect(await page.getByTestId('line-item').count()).toBe(expected.lineItems.length);
    expect(await page.getByTestId('line-item').first().textContent()).toContain(expected.lineItems[0]?.subtotal);
    expect(JSON.parse(await page.getByTestId('plan').inputValue())).toEqual(SAMPLE_PLAN);
    expect(await page.locator('#pooled').textContent()).toContain('egress_gb');
    expect({ external, errors }).toEqual({ external: [], errors: [] });
    await page.close();
  });

  it('an edit re-prices in the page with the network cut off, and the link follows the edit', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/calculator#plan=${base64url(JSON.stringify(SAMPLE_PLAN))}`);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(calculatePlanJson(SAMPLE_PLAN).total);
    await page.context().setOffline(true);
    const edited = structuredClone(SAMPLE_PLAN);
    edited.planConfig!.prices![0]!.unitAmount = '20.00';
    await page.getByTestId('plan').fill(JSON.stringify(edited, null, 2));
    const total = calculatePlanJson(edited).total;
    expect(total).not.toBe(calculatePlanJson(SAMPLE_PLAN).total);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(total);
    // NOTE: the address is replaced at most every 250 ms, so it may follow the edit a moment later.
    const linked = () => JSON.parse(Buffer.from(new URL(page.url()).hash.replace(/^#plan=/, ''), 'base64url').toString('utf8')) as unknown;
    await expect.poll(linked).toEqual(edited);
    await page.context().setOffline(false);
    expect(external).toEqual([]);
    await page.close();
  });

  it('an invalid plan shows each violation naming its field', async () => {
    const invalid = { ...SAMPLE_PLAN, planConfig: { currency: 'usd!', prices: [{ productType: 'PRODUCT_TYPE_BASE', unitAmount: '1e3' }] } };
    const page = await newPage();
    await page.goto(`${server.url}/calculator#plan=${base64url(JSON.stringify(invalid))}`);
    const fields = violationsOf(invalid);
    expect(fields.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('violation').count()).toBe(fields.length);
    const shown = await page.getByTestId('violation').evaluateAll((items) => items.map((li) => li.getAttribute('data-field')));
    expect(shown).toEqual(fields);
    expect(await page.getByTestId('violation').first().textContent()).toContain(`${fields[0]}: `);
    expect(await page.getByTestId('total').isVisible()).toBe(false);
    await page.close();
  });

  it('the page runs under a CSP without inline script', async () => {
    const response = await fetch(`${server.url}/calculator`);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe.skipIf(!availability.ok)('GET /docs in headless chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: SCRATCH_STORE, BILLING_JWT_SECRET: 'calculator-test-secret-0123456789abcd' }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the reference of /openapi.json from the served bundle, nothing from another host', async () => {
    const external: string[] = [];
    const page = await browser.newPage();
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(`${server.url}/`)) return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${server.url}/docs`);
    // The document's own title, description and tags, as rendered (operations start collapsed).
    // NOTE: the reference renders in steps (the path list after the description): each part is waited for.
    const parts = ['Exact plan pricing, add-on subscriptions', 'Billing API', 'Plans', 'AddonSubscriptions', 'Webhooks', '/healthz'];
    const missing = async () => {
      const text = await page.locator('body').innerText();
      return parts.filter((part) => !text.includes(part));
    };
    await expect.poll(missing, { timeout: 30_000 }).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  });
});
