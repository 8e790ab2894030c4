import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { data as ISO_4217 } from 'currency-codes';
import { build } from 'esbuild';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculatePlanJson } from '../index.js';
import type { PlanResult } from '../index.js';
import { decimalArb } from '../testing/arbitraries.js';
import { CODES_WITHOUT_MINOR_UNIT } from './currency.js';
import { moneyFields } from '../testing/check.js';

// The law: a priced plan's money strings carry exactly the ISO 4217 minor digits of its
// currency, for every code of the table, in Node and in a browser bundle run where `Intl`
// does not exist (so the table ships in the bundle and no runtime display rule leaks in).

/** The oracle: the shipped table itself, read here directly, not through the code under test. */
const ISO_DIGITS = new Map(ISO_4217.filter((c) => !CODES_WITHOUT_MINOR_UNIT.has(c.code)).map((c) => [c.code, c.digits]));
const CODES = [...ISO_DIGITS.keys()];
/** Random plans beyond the fixed samples; raise with PRICING_PROPERTY_RUNS for a deeper search. */
const RUNS = 2 * Number(process.env.PRICING_PROPERTY_RUNS ?? 150);
const digitsOf = (code: string): number => ISO_DIGITS.get(code) ?? Number.NaN;

/** A plan touching every money field: base, add-on and pooled usage prices, discount, coupon, tax. */
const planArb = (code: string) => {
  const digits = digitsOf(code);
  return fc
    .record({
      base: decimalArb(500, 7),
      addon: decimalArb(50, 5),
      usageRate: decimalArb(2, 6),
      gb: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10),
      quantity: fc.integer({ min: 1, max: 7 }),
      hours: fc.integer({ min: 1, max: 730 }),
      discountPercent: fc.integer({ min: 0, max: 1000 }).map((n) => n / 10),
      coupon: decimalArb(20, digits),
      taxRate: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000),
    })
    .map((a) => ({
      planConfig: {
        currency: code.toLowerCase(),
        prices: [
          { pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: a.base },
          { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: a.addon },
          { productType: 'PRODUCT_TYPE_USAGE', metricName: 'gb', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: a.usageRate },
        ],
      },
      instances: [{ quantity: a.quantity, hoursUsed: a.hours, usage: { gb: a.gb }, addons: [{ code: 'ip' }] }, { region: 'fra1' }],
      calcConfig: { discountPercent: a.discountPercent, couponValue: a.coupon, taxRate: a.taxRate },
    }));
};


/** Fields whose text is not a plain decimal with exactly `digits` decimals. */
function wrongDigits(result: PlanResult, digits: number): [string, string][] {
  const pattern = digits === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${digits}}$`);
  return moneyFields(result).filter(([, text]) => !pattern.test(text));
}

/** A few plans per code, the same every run. */
const SAMPLES = CODES.flatMap((code) => fc.sample(planArb(code), { numRuns: 3, seed: 4217 }).map((plan) => ({ code, plan })));

describe('currency minor digits', () => {
  it('money strings carry the ISO minor digits: for every code c, every money field matches ^\\d+(\\.\\d{digits(c)})?$ (Node)', () => {
    expect(CODES.length).toBeGreaterThan(150);
    for (const { code, plan } of SAMPLES) {
      const result = calculatePlanJson(plan);
      expect([code, result.currency, wrongDigits(result, digitsOf(code))]).toEqual([code, code, []]);
    }
    fc.assert(
      fc.property(fc.constantFrom(...CODES).chain((code) => planArb(code).map((plan) => ({ code, plan }))), ({ code, plan }) => {
        expect(wrongDigits(calculatePlanJson(plan), digitsOf(code))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  describe('in a browser bundle run without Intl', () => {
    let run: (json: string) => string;

    beforeAll(async () => {
      const bundle = await build({
        stdin: {
          contents: "import { calculatePlanJson } from './index.ts';\nglobalThis.__price = (json) => JSON.stringify(calculatePlanJson(JSON.parse(json)));",
          resolveDir: fileURLToPath(new URL('..', import.meta.url)),
          loader: 'ts',
        },
        bundle: true,
        platform: 'browser',
        format: 'iife',
        conditions: ['source'],
        write: false,
        logLevel: 'silent',
      });
      const code = bundle.outputFiles[0]?.text ?? '';
      const context = vm.createContext({});
      vm.runInContext('delete globalThis.Intl;', context);
      expect(vm.runInContext('typeof Intl', context)).toBe('undefined');
      vm.runInContext(code, context);
      run = vm.runInContext('globalThis.__price', context) as (json: string) => string;
    });

    it('money strings carry the ISO minor digits without Intl: for every code c, bundle(plan) = node(plan) and every money field has digits(c) decimals', () => {
      for (const { code, plan } of SAMPLES) {
        const json = JSON.stringify(plan);
        const fromBundle = JSON.parse(run(json)) as PlanResult;
        expect([code, wrongDigits(fromBundle, digitsOf(code))]).toEqual([code, []]);
        expect(JSON.stringify(fromBundle)).toBe(JSON.stringify(calculatePlanJson(plan)));
      }
    });
  });
});
