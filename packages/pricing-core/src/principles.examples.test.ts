import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlan, PricingValidationError, validatePlanRequest } from './index.js';
import { planArb } from './testing/arbitraries.js';
import type { PlanRequest, Usage } from './request/types.js';
import { formatPath } from './validation/field-path.js';

/** Runs per law; raise with PRICING_PROPERTY_RUNS for a deeper search. */
const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 150);

const hourly = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10.00', billingPeriod: 'BILLING_PERIOD_HOURLY' } as const;
const seat = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10.00' } as const;
const transfer = { pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'Transfer', unitAmount: '0.01' } as const;

function violationsOf(body: unknown): { field: string; description: string }[] {
  const outcome = validatePlanRequest(body as never);
  if (outcome.success) throw new Error('expected violations');
  return outcome.violations;
}

describe('examples', () => {
  describe('measurements are facts: quantity and hoursUsed 0 mean zero', () => {
    it('a stopped machine reporting 0 hours on a 10.00/hour price is billed 0.00, not a full cycle (7,300.00)', () => {
      expect(calculatePlan({ planConfig: { prices: [hourly] }, instances: [{ hoursUsed: 0 }] }).total).toBe('0.00');
      expect(calculatePlan({ planConfig: { prices: [hourly] }, instances: [{ hoursUsed: '0' }] }).total).toBe('0.00');
      expect(calculatePlan({ planConfig: { prices: [hourly] }, instances: [{}] }).total).toBe('7300.00');
      expect(calculatePlan({ planConfig: { prices: [hourly] }, instances: [{ hoursUsed: null }] }).total).toBe('7300.00');
    });

    it('quantity 0 bills no unit; omitted or null quantity is 1', () => {
      const zero = calculatePlan({ planConfig: { prices: [seat] }, instances: [{ quantity: 0 }, { quantity: '0' }] });
      expect([zero.total, zero.lineItems.map((line) => line.quantity)]).toEqual(['0.00', [0, 0]]);
      expect(calculatePlan({ planConfig: { prices: [seat] }, instances: [{}, { quantity: null }] }).total).toBe('20.00');
    });

    it('an empty string is not a measurement: it is refused, naming the field', () => {
      expect(violationsOf({ instances: [{ quantity: '', hoursUsed: '' }] }).map((v) => v.field)).toEqual([
        'instances[0].quantity',
        'instances[0].hoursUsed',
      ]);
    });

    it('free units scale to zero with quantity: 100 free per machine, quantity 0, usage 50 -> 50 billed units', () => {
      const price = { pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', unitAmount: '1', freeUnits: 100 } as const;
      expect(calculatePlan({ planConfig: { prices: [price] }, instances: [{ quantity: 0, usage: { cpu: 50 } }] }).total).toBe('50.00');
      expect(calculatePlan({ planConfig: { prices: [price] }, instances: [{ usage: { cpu: 50 } }] }).total).toBe('0.00');
    });

    it('prorated free units scale to zero with hours: hoursUsed 0 leaves no allowance', () => {
      const price = { pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', unitAmount: '1', freeUnits: 100, prorate: true } as const;
      expect(calculatePlan({ planConfig: { prices: [price] }, instances: [{ hoursUsed: 0, usage: { cpu: 50 } }] }).total).toBe('50.00');
    });

    it('pooled allowances scale to zero: two instances of quantity 0 add no free transfer', () => {
      const pooled = { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'transfer', unitAmount: '0.01', freeUnits: 1000 } as const;
      const result = calculatePlan({
        planConfig: { prices: [pooled] },
        instances: [{ quantity: 0, usage: { transfer: 1500 } }, { quantity: 0, usage: { transfer: 100 } }],
      });
      expect([result.pooledAllowances, result.pooledUsage, result.overageCost]).toEqual([{ transfer: 0 }, { transfer: 1600 }, '16.00']);
    });

    it('configuration fields keep "0 = not set": capHours 0 is the 730-hour cycle, maximumCharge "0" is no maximum', () => {
      const result = calculatePlan({
        planConfig: { prices: [{ ...hourly, maximumCharge: '0' }] },
        instances: [{}],
        calcConfig: { capHours: 0 },
      });
      expect(result.total).toBe('7300.00');
    });
  });

  describe('a typo in a usage key never prices as zero', () => {
    it('"transfer" against the metric "Transfer" (equal ignoring case) is a violation at the key', () => {
      expect(violationsOf({ planConfig: { prices: [transfer] }, instances: [{ usage: { transfer: 1000 } }] })).toEqual([
        { field: 'instances[0].usage.transfer', description: 'Usage key "transfer" is used by no price; did you mean the metric "Transfer"?' },
      ]);
    });

    it('a key within two edits of a missing metric is a violation ("Trnasfer", "Transfers")', () => {
      for (const key of ['Trnasfer', 'Transfers', 'Tranfser']) {
        expect(violationsOf({ planConfig: { prices: [transfer] }, instances: [{ usage: { [key]: 1 } }] }).map((v) => v.field)).toEqual([
          formatPath(['instances', 0, 'usage', key]),
        ]);
      }
    });

    it('other unused keys are allowed and ignored: far from every metric, or the metric is present', () => {
      expect(calculatePlan({ planConfig: { prices: [transfer] }, instances: [{ usage: { gpu: 5 } }] }).total).toBe('0.00');
      expect(calculatePlan({ planConfig: { prices: [transfer] }, instances: [{ usage: { Transfer: 100, transfer: 5 } }] }).total).toBe('1.00');
    });

    it("an add-on entry's map is checked against the metrics of the ADDON prices with its code", () => {
      const backup = { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'backup', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'gb', unitAmount: '0.05' } as const;
      expect(violationsOf({ planConfig: { prices: [backup] }, instances: [{ addons: [{ code: 'backup', usage: { GB: 100 } }] }] })).toEqual([
        { field: 'instances[0].addons[0].usage.GB', description: 'Usage key "GB" is used by no price; did you mean the metric "gb"?' },
      ]);
      // NOTE: the instance's own map meters no ADDON metric, so "GB" there is an unused key.
      expect(calculatePlan({ planConfig: { prices: [backup] }, instances: [{ usage: { GB: 100 } }] }).total).toBe('0.00');
    });

    it("a formula's usage.<key> counts as used: usage.Transfr read by a formula is no typo", () => {
      const formula = { pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: 'usage.Transfr * 2' } as const;
      expect(calculatePlan({ planConfig: { prices: [transfer, formula] }, instances: [{ usage: { Transfr: 3 } }] }).total).toBe('6.00');
    });
  });

  describe('enum values are the full names', () => {
    it('"PER_UNIT" is refused, echoed with the closest allowed value', () => {
      expect(violationsOf({ planConfig: { prices: [{ pricingModel: 'PER_UNIT' }] } })).toEqual([
        { field: 'planConfig.prices[0].pricingModel', description: '"PER_UNIT" is not a pricing model; did you mean "PRICING_MODEL_PER_UNIT"?' },
      ]);
    });

    it('metricAggregation "SUM" is refused like productType "USAGE": the same rule for every enum', () => {
      const violations = violationsOf({
        planConfig: { prices: [{ ...transfer, metricAggregation: 'SUM', productType: 'USAGE' }] },
      });
      expect(violations.map((v) => v.description)).toEqual([
        '"USAGE" is not a product type; did you mean "PRODUCT_TYPE_USAGE"?',
        '"SUM" is not a metric aggregation; did you mean "METRIC_AGGREGATION_SUM"?',
      ]);
    });

    it('a value far from every name lists the choices, never _UNSPECIFIED', () => {
      const [violation] = violationsOf({ planConfig: { prices: [{ ...seat, billingPeriod: 'FORTNIGHTLY' }] } });
      expect(violation?.description).toBe(
        '"FORTNIGHTLY" is not a billing period; use one of BILLING_PERIOD_HOURLY, BILLING_PERIOD_DAILY, BILLING_PERIOD_WEEKLY, BILLING_PERIOD_MONTHLY, BILLING_PERIOD_YEARLY.',
      );
      expect(violation?.description).not.toContain('UNSPECIFIED');
    });

    it('lower case, dashes and one typo still find the name; _UNSPECIFIED is accepted as "not set"', () => {
      const descriptions = violationsOf({
        planConfig: { prices: [{ ...seat, tiers: [{ tierType: 'volume' }], chargeTiming: 'in-advance', billingPeriod: 'BILLING_PERIOD_MONTHLI' }] },
      }).map((v) => v.description);
      expect(descriptions).toEqual(
        expect.arrayContaining([
          '"volume" is not a tier mode; did you mean "TIER_MODE_VOLUME"?',
          '"in-advance" is not a charge timing; did you mean "CHARGE_TIMING_IN_ADVANCE"?',
          '"BILLING_PERIOD_MONTHLI" is not a billing period; did you mean "BILLING_PERIOD_MONTHLY"?',
        ]),
      );
      expect(calculatePlan({ planConfig: { prices: [{ ...seat, billingPeriod: 'BILLING_PERIOD_UNSPECIFIED' }] }, instances: [{}] }).total).toBe('10.00');
    });
  });
});

/** Every usage map of a plan that a metered metric is read from: where it is, its metrics, the map. */
interface MeteredMap {
  path: (string | number)[];
  metered: string[];
  map: Record<string, unknown>;
}

function meteredMaps(plan: PlanRequest): MeteredMap[] {
  const prices = plan.planConfig?.prices ?? [];
  const instanceMetrics = prices.filter((p) => p.productType !== 'PRODUCT_TYPE_ADDON' && p.metricName).map((p) => p.metricName as string);
  const addonMetrics = (code: string) =>
    prices.filter((p) => p.productType === 'PRODUCT_TYPE_ADDON' && p.addonCode === code && p.metricName).map((p) => p.metricName as string);
  const isMap = (usage: Usage | null | undefined): usage is Record<string, number | number[]> => typeof usage === 'object' && usage !== null && !Array.isArray(usage);
  const found: MeteredMap[] = [];
  (plan.instances ?? []).forEach((instance, i) => {
    if (isMap(instance.usage)) found.push({ path: ['instances', i, 'usage'], metered: instanceMetrics, map: instance.usage });
    (instance.addons ?? []).forEach((entry, k) => {
      if (isMap(entry.usage)) found.push({ path: ['instances', i, 'addons', k, 'usage'], metered: addonMetrics(entry.code), map: entry.usage });
    });
  });
  return found.filter(({ metered, map }) => Object.keys(map).some((key) => metered.includes(key)));
}

/** A case variant or a one-edit typo of `key`, picked by `pick`. */
function misspell(key: string, kind: number, pick: number): string {
  const at = pick % key.length;
  switch (kind % 5) {
    case 0:
      return key.toUpperCase();
    case 1:
      return key.charAt(0).toUpperCase() + key.slice(1);
    case 2:
      return key.slice(0, at) + key.slice(at + 1);
    case 3:
      return key.slice(0, at) + 'x' + key.slice(at);
    default:
      return key.slice(0, at) + (key.charAt(at) === 'q' ? 'z' : 'q') + key.slice(at + 1);
  }
}

describe('properties', () => {
  it('typo guard: renaming a metered usage key k to a case variant or one-edit typo k\' (k then missing) => a violation at k\'', () => {
    let checked = 0;
    fc.assert(
      fc.property(planArb(), fc.nat(), fc.nat(), fc.nat(), (plan, which, kind, pick) => {
        const copy = structuredClone(plan);
        const maps = meteredMaps(copy);
        fc.pre(maps.length > 0);
        const target = maps[which % maps.length] as MeteredMap;
        const keys = Object.keys(target.map).filter((key) => target.metered.includes(key));
        const key = keys[pick % keys.length] as string;
        const typo = misspell(key, kind, pick);
        const usedByPrices = (copy.planConfig?.prices ?? []).some((p) => p.metricName === typo || p.pricingFormula?.includes(`usage.${typo}`));
        fc.pre(typo !== key && typo !== '' && !(typo in target.map) && !usedByPrices);
        const value = target.map[key];
        delete target.map[key];
        target.map[typo] = value;
        checked += 1;
        const outcome = validatePlanRequest(copy as never);
        const field = formatPath([...target.path, typo]);
        expect(outcome.success ? [] : outcome.violations.map((v) => v.field)).toContain(field);
      }),
      { numRuns: RUNS },
    );
    // NOTE: the law must have run on real cases, not only on skipped ones.
    expect(checked).toBeGreaterThan(RUNS / 3);
  });

  it('typo guard: a generated plan, unchanged, has no usage-key violation (the guard never fires on metrics in use)', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        expect(() => calculatePlan(plan as never)).not.toThrow(PricingValidationError);
      }),
      { numRuns: RUNS },
    );
  });
});
