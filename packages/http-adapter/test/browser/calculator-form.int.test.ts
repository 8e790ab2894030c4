import { calculatePlan, PricingValidationError } from '@billing/pricing-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../support/server-process.js';
import { chromiumAvailability, launchChromium } from './chromium.js';

const availability = chromiumAvailability();
if (!availability.ok) console.warn(`SKIPPED the calculator form browser tests: ${availability.reason}`);

type Plan = { planConfig: { prices: Record<string, unknown>[] }; instances: { usage?: Record<string, number>; [key: string]: unknown }[]; calcConfig?: Record<string, unknown> };

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const planOfHash = (url: string) => JSON.parse(Buffer.from(new URL(url).hash.replace(/^#plan=/, ''), 'base64url').toString('utf8')) as Plan;
/** The engine's total for `plan` with instance `i`'s usage of `metric` set to `usage`. */
const totalAt = (plan: Plan, i: number, metric: string, usage: number) =>
  calculatePlan({ ...plan, instances: plan.instances.map((entry, n) => (n === i ? { ...entry, usage: { ...entry.usage, [metric]: usage } } : entry)) }).total;

/** A plan with a metered graduated price (three tiers, 100 free units), an add-on and two instances. */
const TIERED_PLAN: Plan = {
  planConfig: {
    prices: [
      { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '5.00' },
      {
        productType: 'PRODUCT_TYPE_BASE',
        pricingModel: 'PRICING_MODEL_TIERED',
        metricName: 'requests',
        freeUnits: 100,
        tiers: [
          { startInclusive: 0, endExclusive: 1000, unitAmount: '0.10' },
          { startInclusive: 1000, endExclusive: 5000, unitAmount: '0.05', flatFee: true, flatFeeAmount: '3.00' },
          { startInclusive: 5000, unitAmount: '0.01' },
        ],
      },
      { productType: 'PRODUCT_TYPE_ADDON', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '2.50', addonCode: 'backup' },
    ],
  },
  instances: [
    { quantity: 2, usage: { requests: 1500 }, addons: [{ code: 'backup' }] },
    { quantity: 1, region: 'eu-west', usage: { requests: 300 } },
  ],
  calcConfig: { discountPercent: 10, taxRate: '0.2' },
};

/** What the form steps of the first test must write, key for key. */
const BUILT_PLAN = {
  planConfig: {
    prices: [
      {
        productType: 'PRODUCT_TYPE_BASE',
        pricingModel: 'PRICING_MODEL_TIERED',
        metricName: 'requests',
        tiers: [
          { startInclusive: 0, endExclusive: 1000, unitAmount: '0.10' },
          { startInclusive: 1000, endExclusive: 5000, unitAmount: '0.05', flatFee: true, flatFeeAmount: '3.00' },
          { startInclusive: 5000, unitAmount: '0.01' },
        ],
      },
      { productType: 'PRODUCT_TYPE_ADDON', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '2.50', addonCode: 'backup' },
    ],
  },
  instances: [
    { quantity: 2, usage: { requests: 1500 }, addons: [{ code: 'backup' }] },
    { quantity: 1, region: 'eu-west', usage: { requests: 300 } },
  ],
  calcConfig: { discountPercent: 10, taxRate: 0.2 },
};

// NOTE: run in the page, as text: this package's TypeScript has no DOM types.
/** The focusable controls of the page: an id, whether a label names it, whether it is disabled or folded away. */
const CONTROLS_IN_MAIN = `[...document.querySelectorAll('main input, main select, main textarea, main button, main summary')].map((node) => ({
  id: node.id || node.tagName + ':' + node.textContent,
  named: (node.labels?.length ?? 0) > 0 || !!node.getAttribute('aria-label') || ((node.tagName === 'BUTTON' || node.tagName === 'SUMMARY') && !!node.textContent.trim()),
  disabled: node.disabled === true,
  hidden: node.tagName !== 'SUMMARY' && node.closest('details:not([open])') !== null,
}))`;
const ACTIVE_CONTROL = `document.activeElement.id || document.activeElement.tagName + ':' + document.activeElement.textContent`;

describe.skipIf(!availability.ok)('the /calculator form and pictures in headless chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  /** Requests of the open page to any address but the server's, and every request after load. */
  let external: string[];
  let afterLoad: string[] | null;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: SCRATCH_STORE, BILLING_JWT_SECRET: 'calculator-test-secret-0123456789abcd' }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(plan: unknown, viewport = { width: 1440, height: 1000 }): Promise<Page> {
    external = [];
    afterLoad = null;
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (error) => external.push(`page error: ${error.message}`));
    page.on('request', (request) => afterLoad?.push(request.url()));
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(`${server.url}/`)) return route.continue();
      external.push(route.request().url());
      return route.abort();
    });
    await page.goto(`${server.url}/calculator#plan=${base64url(JSON.stringify(plan))}`, { waitUntil: 'networkidle' });
    await page.getByTestId('form').getByRole('group').first().or(page.getByRole('button', { name: 'Add price' })).first().waitFor();
    afterLoad = [];
    return page;
  }
  const shownPlan = async (page: Page) => JSON.parse(await page.getByTestId('plan').inputValue()) as Plan;
  const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
  const label = (scope: Page | Locator, text: string) => scope.getByLabel(text, { exact: true });

  it('a plan built only through the form (graduated price with three tiers, two instances, one add-on) totals as calculatePlan of the JSON it shows', async () => {
    const page = await open({});
    await page.getByRole('button', { name: 'Add price' }).click();
    const tiered = group(page, 'Price 1');
    await label(tiered, 'Price model').selectOption('PRICING_MODEL_TIERED');
    await label(tiered, 'Metric (empty: priced per machine)').fill('requests');
    await label(tiered, 'Metric (empty: priced per machine)').press('Tab');
    await tiered.getByRole('button', { name: 'Add tier' }).click();
    await tiered.getByRole('button', { name: 'Add tier' }).click();
    await label(tiered, 'Tier 1 up to (units, empty: no end)').fill('1000');
    await label(tiered, 'Tier 2 up to (units, empty: no end)').fill('5000');
    for (const [n, amount] of [['1', '0.10'], ['2', '0.05'], ['3', '0.01']]) await label(tiered, `Tier ${n} unit amount`).fill(amount!);
    await label(tiered, 'Tier 2 flat fee').fill('3.00');
    await page.getByRole('button', { name: 'Add price' }).click();
    const addon = group(page, 'Price 2');
    await label(addon, 'Product type').selectOption('PRODUCT_TYPE_ADDON');
    await label(addon, 'Price model').selectOption('PRICING_MODEL_FLAT');
    await label(addon, 'Add-on code').fill('backup');
    await label(addon, 'Add-on code').press('Tab');
    await label(addon, 'Unit amount').fill('2.50');
    await page.getByRole('button', { name: 'Add instance' }).click();
    await page.getByRole('button', { name: 'Add instance' }).click();
    const first = group(page, 'Instance 1');
    await label(first, 'Quantity (machines)').fill('2');
    await label(first, 'Usage of requests').fill('1500');
    await first.getByRole('button', { name: 'Add an add-on to instance 1' }).click();
    const second = group(page, 'Instance 2');
    await label(second, 'Region').fill('eu-west');
    await label(second, 'Usage of requests').fill('300');
    await label(page, 'Discount (%)').fill('10');
    await label(page, 'Tax rate (0.2 is 20%)').fill('0.2');

    await expect.poll(() => shownPlan(page)).toEqual(BUILT_PLAN);
    const plan = await shownPlan(page);
    const expected = calculatePlan(plan);
    expect(expected.lineItems).toHaveLength(2);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(expected.total);
    expect(await page.getByTestId('line-item').count()).toBe(2);

    // The shared link: a fresh page at the address shows the same plan in the form and the same total.
    // The address follows the form at most every 250 ms (Chromium refuses faster history updates).
    await expect.poll(() => planOfHash(page.url())).toEqual(plan);
    const link = page.url();
    const again = await browser.newPage();
    await again.goto(link);
    await expect.poll(() => again.getByTestId('total').textContent()).toBe(expected.total);
    expect(await shownPlan(again)).toEqual(plan);
    expect(await label(group(again, 'Price 1'), 'Tier 2 flat fee').inputValue()).toBe('3.00');
    expect(await label(group(again, 'Instance 2'), 'Region').inputValue()).toBe('eu-west');
    await again.close();
    expect({ external, afterLoad }).toEqual({ external: [], afterLoad: [] });
    await page.close();
  });

  it('moving a usage slider re-prices with the engine in the page, and the JSON and link follow', async () => {
    const page = await open(TIERED_PLAN);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(calculatePlan(TIERED_PLAN).total);
    const slider = page.getByRole('slider', { name: /^Usage of requests, 0 to \d+$/ }).first();
    const max = Number(await slider.getAttribute('max'));
    await slider.focus();
    await page.keyboard.press('End');
    const moved = totalAt(TIERED_PLAN, 0, 'requests', max);
    expect(moved).not.toBe(calculatePlan(TIERED_PLAN).total);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(moved);
    expect((await shownPlan(page)).instances[0]!.usage).toEqual({ requests: max });
    expect(await label(group(page, 'Instance 1'), 'Usage of requests').inputValue()).toBe(String(max));
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowLeft');
    const value = Number(await slider.inputValue());
    expect(value).toBeLessThan(max);
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(totalAt(TIERED_PLAN, 0, 'requests', value));
    await expect.poll(() => planOfHash(page.url()).instances[0]!.usage).toEqual({ requests: value });
    expect({ external, afterLoad }).toEqual({ external: [], afterLoad: [] });
    await page.close();
  });

  it("the usage picture's points are the engine's totals at those usages, with the tier boundaries and the current usage", async () => {
    const page = await open(TIERED_PLAN);
    const chart = page.getByTestId('usage-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('data-metric')).toBe('requests');
    const read = (testId: string) =>
      page.getByTestId(testId).evaluateAll((nodes) => nodes.map((node) => ({ usage: Number(node.getAttribute('data-usage')), total: node.getAttribute('data-total') })));
    const points = await read('usage-point');
    expect(points.length).toBeGreaterThanOrEqual(21);
    for (const point of points) expect([point.usage, point.total]).toEqual([point.usage, totalAt(TIERED_PLAN, 0, 'requests', point.usage)]);
    // Free units are per machine (100 x quantity 2), so the tiers start after 200 requests.
    const boundaries = await read('tier-boundary');
    expect(boundaries.map((b) => b.usage)).toEqual([200, 1200, 5200]);
    expect(await read('usage-current')).toEqual([{ usage: 1500, total: calculatePlan(TIERED_PLAN).total }]);

    // The picture follows the instance chosen, and the steps of the other picture add up to the total.
    await label(page, 'Usage of').selectOption('1');
    await expect.poll(async () => (await read('usage-current'))[0]?.usage).toBe(300);
    for (const point of await read('usage-point')) expect(point.total).toBe(totalAt(TIERED_PLAN, 1, 'requests', point.usage));
    const steps = await page.getByTestId('waterfall-step').evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('data-kind'), node.getAttribute('data-amount')]));
    const result = calculatePlan(TIERED_PLAN);
    expect(steps).toEqual([
      ['line-item', result.lineItems[0]!.subtotal],
      ['line-item', result.lineItems[1]!.subtotal],
      ['overage', result.overageCost],
      ['discount', `-${result.debug.totals.percentOff}`],
      ['tax', result.tax],
      ['total', result.total],
    ]);
    await page.close();
  });

  it('a minimum commitment: its field in the settings, a true-up bar in "where the total comes from" and the floor it sets on the what-if chart', async () => {
    const committed = { ...TIERED_PLAN, planConfig: { ...TIERED_PLAN.planConfig, minimumCommitment: '200.00' as const } };
    const result = calculatePlan(committed);
    expect(result.commitmentTrueUp).toBe('42.00');
    const page = await open(committed);
    const field = label(page, 'Minimum commitment (per cycle)');
    expect(await field.inputValue()).toBe('200.00');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(result.total);
    const steps = await page.getByTestId('waterfall-step').evaluateAll((nodes) => nodes.map((node) => [node.getAttribute('data-kind'), node.getAttribute('data-amount'), node.getAttribute('data-to')]));
    expect(steps.slice(2, 4)).toEqual([
      ['overage', result.overageCost, '158.00'],
      ['commitment', '42.00', result.debug.totals.pre],
    ]);
    // The floor is the total of the committed amount alone: 200.00 less 10% plus 20% tax.
    const floor = page.getByTestId('commitment-floor');
    expect(await floor.getAttribute('data-total')).toBe('216.00');
    const points = await page.getByTestId('usage-point').evaluateAll((nodes) => nodes.map((node) => ({ usage: Number(node.getAttribute('data-usage')), total: node.getAttribute('data-total') ?? '' })));
    for (const point of points) expect(Number(point.total)).toBeGreaterThanOrEqual(216);
    expect(points.find((point) => point.usage === 0)?.total).toBe('216.00');
    expect(points.some((point) => Number(point.total) > 216)).toBe(true);

    await field.fill('0');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(calculatePlan(TIERED_PLAN).total);
    expect((await shownPlan(page)).planConfig).toMatchObject({ minimumCommitment: '0' });
    await expect.poll(() => page.getByTestId('commitment-floor').count()).toBe(0);
    expect(await page.locator('[data-testid="waterfall-step"][data-kind="commitment"]').count()).toBe(0);
    expect({ external, afterLoad }).toEqual({ external: [], afterLoad: [] });
    await page.close();
  });

  it('an invalid value shows its violation beside its field as well as in the list', async () => {
    const page = await open(TIERED_PLAN);
    const quantity = label(group(page, 'Instance 2'), 'Quantity (machines)');
    await quantity.fill('-3');
    const invalid = { ...TIERED_PLAN, instances: [TIERED_PLAN.instances[0]!, { ...TIERED_PLAN.instances[1]!, quantity: -3 }] };
    const fields = (() => {
      try {
        calculatePlan(invalid);
      } catch (error) {
        if (error instanceof PricingValidationError) return error.violations;
      }
      throw new Error('the plan was expected to be invalid');
    })();
    expect(fields.map((v) => v.field)).toEqual(['instances[1].quantity']);
    await expect.poll(() => page.getByTestId('violation').getAttribute('data-field')).toBe('instances[1].quantity');
    const beside = group(page, 'Instance 2').getByTestId('field-violation');
    expect(await beside.getAttribute('data-field')).toBe('instances[1].quantity');
    expect(await beside.textContent()).toBe(fields[0]!.description);
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await quantity.getAttribute('aria-describedby')).toContain(await beside.getAttribute('id'));
    // A wrong tier amount is shown in its row of the tier table.
    await label(group(page, 'Price 2'), 'Tier 3 unit amount').fill('1e3');
    await expect.poll(() => page.getByTestId('violation').count()).toBe(2);
    const row = page.locator('tr[data-path="planConfig.prices[1].tiers[2]"]');
    expect(await row.getByTestId('field-violation').getAttribute('data-field')).toBe('planConfig.prices[1].tiers[2].unitAmount');
    // Fixing the values clears both.
    await quantity.fill('1');
    await label(group(page, 'Price 2'), 'Tier 3 unit amount').fill('0.01');
    await expect.poll(() => page.getByTestId('total').textContent()).toBe(calculatePlan(TIERED_PLAN).total);
    expect(await page.getByTestId('field-violation').count()).toBe(0);
    await page.close();

    // A metric whose name is not an identifier: the engine quotes it in the path, and the form finds it.
    const quoted = await open({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1', metricName: 'cpu-hours' }] }, instances: [{ usage: { 'cpu-hours': -1 } }] });
    const usage = label(group(quoted, 'Instance 1'), 'Usage of cpu-hours');
    await expect.poll(() => usage.getAttribute('aria-invalid')).toBe('true');
    expect(await group(quoted, 'Instance 1').getByTestId('field-violation').getAttribute('data-field')).toBe('instances[0].usage["cpu-hours"]');
    await quoted.close();
  });

  it('every control has a label and is reached with the Tab key; the page fits 375 px', async () => {
    const page = await open(TIERED_PLAN, { width: 375, height: 800 });
    const controls = (await page.evaluate(CONTROLS_IN_MAIN)) as { id: string; named: boolean; disabled: boolean; hidden: boolean }[];
    expect(controls.filter((c) => !c.named)).toEqual([]);
    const reachable = controls.filter((c) => !c.disabled && !c.hidden).map((c) => c.id);
    expect(reachable.length).toBeGreaterThan(40);
    await page.locator('body').focus();
    const reached = new Set<string>();
    for (let i = 0; i < reachable.length + 5; i += 1) {
      await page.keyboard.press('Tab');
      reached.add((await page.evaluate(ACTIVE_CONTROL)) as string);
    }
    expect(reachable.filter((id) => !reached.has(id))).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // Removing with the keyboard leaves focus in the form: on the part's add button when the removed control is gone.
    await page.getByRole('button', { name: 'Remove add-on 1 of instance 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(ACTIVE_CONTROL)).toBe('f-instances-0-addons-add');
    expect((await shownPlan(page)).instances[0]!['addons']).toEqual([]);
    await page.close();
  });

  it('on a desktop screen the total stays in view after scrolling the form to its last slider, and follows it', async () => {
    const viewport = { width: 1440, height: 900 };
    const page = await open({ ...TIERED_PLAN, instances: [...TIERED_PLAN.instances, ...TIERED_PLAN.instances, ...TIERED_PLAN.instances] }, viewport);
    const slider = page.locator('main input[type="range"]').last();
    await slider.scrollIntoViewIfNeeded();
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(200);
    const before = await page.getByTestId('total').textContent();
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.getByTestId('total').textContent()).not.toBe(before);
    const box = await page.getByTestId('total').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    await page.close();
  });

  it('at 375 px every text of both pictures lies inside its SVG, and a long violation wraps inside its field', async () => {
    const metric = 'requests_of_a_really_long_metric_name_without_spaces_at_all';
    const plan = {
      ...TIERED_PLAN,
      instances: [{ quantity: 2, region: 'eu-west-with-a-long-region-name', usage: { requests: 1500 } }, { quantity: 1, region: 'eu-west', usage: { requests: 300 } }],
    };
    const page = await open(plan, { width: 375, height: 800 });
    await page.getByTestId('waterfall').waitFor();
    await page.getByTestId('usage-chart').waitFor();
    // NOTE: run in the page, as text: this package's TypeScript has no DOM types.
    const outside = await page.evaluate(`[...document.querySelectorAll('.chart svg')].flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')].map((text) => ({ text: text.textContent, r: text.getBoundingClientRect() }))
        .filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        .map(({ text, r }) => text + ' at ' + Math.round(r.left - box.left) + '..' + Math.round(r.right - box.left) + ' of ' + Math.round(box.width));
    })`);
    expect(outside).toEqual([]);
    expect(await page.locator('.chart svg text').count()).toBeGreaterThan(10);
    // A misspelled usage key: its message quotes two long names with no space to break at.
    await page.getByTestId('plan').fill(JSON.stringify({ ...plan, planConfig: { prices: [{ ...plan.planConfig.prices[1], metricName: metric }] }, instances: [{ quantity: 1, usage: { [`${metric}_x`]: 5 } }] }, null, 2));
    await page.getByTestId('field-violation').first().waitFor();
    const overflowing = await page.evaluate(`[...document.querySelectorAll('.field-error')].map((node) => {
      const holder = node.parentElement.getBoundingClientRect();
      const r = node.getBoundingClientRect();
      return { left: r.left >= holder.left - 0.5, right: r.right <= holder.right + 0.5, fits: node.scrollWidth <= node.clientWidth + 1, page: r.right <= window.innerWidth };
    })`);
    expect(overflowing).not.toEqual([]);
    for (const box of overflowing as Record<string, boolean>[]) expect(box).toEqual({ left: true, right: true, fits: true, page: true });
    await page.close();
  });
});
