import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectSameProcessAlive, startTarget, stopTarget, violationsOf, type Target } from './support/hostile-server.js';

// Finding 3: `debug` lists every tier used by every price on every instance: a 100 KB request
// (one price of 1,000 tiers, 10,000 instances using them all) asks for 10 million entries. The
// fix: BASIC debug by default (docs/pricing-decisions.md, "Debug views"), and `?view=FULL` refused (a violation
// naming `view`, limit maxFullViewEntries) when instances x prices exceeds 100,000.

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => stopTarget(target));

const thousandTiers = {
  productType: 'PRODUCT_TYPE_BASE',
  pricingModel: 'PRICING_MODEL_TIERED',
  tiers: Array.from({ length: 1_000 }, (_, i) => ({ startInclusive: i, ...(i < 999 ? { endExclusive: i + 1 } : {}), unitAmount: '0.01' })),
};
const flat = { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' };
/** instances x prices entries, each instance using every one of the 1,000 tiers. */
const request = (instances: number, flats: number) => ({
  planConfig: { prices: [thousandTiers, ...Array.from({ length: flats }, () => flat)] },
  instances: Array.from({ length: instances }, () => ({ quantity: 1000 })),
});
const BASIC_KEYS = ['engineVersion', 'rounding', 'pre', 'percentOff', 'couponOff'];

describe('finding 3: debug amplification', () => {
  it('the default (BASIC) debug is small: no per-instance breakdown, whatever the request', async () => {
    const answer = await target.calculate(request(100, 0));
    expect(answer.status).toBe(200);
    const debug = answer.json.debug as Record<string, unknown>;
    // NOTE: the pooled figures may sit at the top or in a group (`totals`); their names are fixed.
    expect(BASIC_KEYS.filter((k) => !JSON.stringify(debug).includes(`"${k}":`))).toEqual([]);
    // NOTE: the BASIC shape may grow, but never by a per-instance or per-price list.
    expect(Object.entries(debug).filter(([, v]) => Array.isArray(v)).map(([k]) => k)).toEqual([]);
    expect(JSON.stringify(debug).length).toBeLessThan(4_096);
  });

  it('?view=FULL within the limit answers the breakdown (the amounts are those of BASIC)', async () => {
    const [basic, full] = [await target.calculate(request(2, 1)), await target.calculate(request(2, 1), { query: '?view=FULL' })];
    expect([basic.status, full.status]).toEqual([200, 200]);
    expect(JSON.stringify(full.json.debug).length).toBeGreaterThan(JSON.stringify(basic.json.debug).length);
    expect({ ...full.json, debug: null }).toEqual({ ...basic.json, debug: null });
  });

  it('?view=FULL with 10,000 instances x 11 prices (110,000 > 100,000) is 400 naming `view` (limit maxFullViewEntries)', async () => {
    const body = JSON.stringify(request(10_000, 10));
    expect(body.length).toBeLessThan(1024 * 1024);
    const answer = await target.calculate(body, { query: '?view=FULL', timeoutMs: 10_000 });
    expectInvalidField(answer, 'view');
    expect(violationsOf(answer).find((v) => v.field === 'view')?.description).toMatch(/maxFullViewEntries/);
    expect(answer.bytes).toBeLessThan(64 * 1024);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
