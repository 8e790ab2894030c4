import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from './index.js';
import { planResultSchema } from './schema/index.js';
import type { PlanResult } from './index.js';
import {
  ADDON_CODES,
  commitmentDrawArb,
  currencyOf,
  decimalArb,
  growUsage,
  METRICS,
  MINOR_DIGITS,
  planArb,
  pooledPlanArb,
  tiersArb,
  withCommitment,
} from './testing/arbitraries.js';
import type { Instance, PlanRequest, Price } from './request/types.js';
import { mutatedPlanArb } from '../test/support/mutations.js';
import { referenceAmount, singlePriceArb } from '../test/support/reference-model.js';
import { moneyFields } from './testing/check.js';

/** Runs per law; raise with PRICING_PROPERTY_RUNS for a deeper search. */
const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 150);
const MONOTONE = { volume: false, formulas: 'monotone' } as const;

const roundHalfUp = (value: Big, digits: number): Big => value.round(digits, Big.roundHalfUp);
const sum = (amounts: readonly string[]): Big => amounts.reduce((acc, amount) => acc.plus(amount), new Big(0));

/** The result without `debug` (whose shape may grow). */
function publicPart(result: PlanResult): Omit<PlanResult, 'debug'> {
  const { debug: _debug, ...rest } = result;
  return rest;
}


function moneyPattern(digits: number): RegExp {
  return digits === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${digits}}$`);
}

/** A deep copy of `plan` with `change` applied to each instance. */
function withInstances(
  plan: PlanRequest,
  change: (instance: Instance, index: number) => Instance,
): PlanRequest {
  const copy = structuredClone(plan);
  copy.instances = (copy.instances ?? []).map(change);
  return copy;
}

const totalOf = (plan: PlanRequest): Big => new Big(calculatePlanJson(plan).total);

/** Per-instance non-negative steps, indexed by instance position. */
const stepsArb = (max: number) => fc.array(fc.integer({ min: 0, max }), { minLength: 8, maxLength: 8 });

/** Either a result, or a PricingValidationError with at least one well-formed violation. */
function expectCalculatesOrRejects(input: unknown): void {
  let result: PlanResult;
  try {
    result = calculatePlanJson(input);
  } catch (error) {
    expect(error).toBeInstanceOf(PricingValidationError);
    const violations = (error as PricingValidationError).violations;
    expect(violations.length).toBeGreaterThan(0);
    for (const violation of violations) {
      expect(typeof violation.field).toBe('string');
      expect(typeof violation.description).toBe('string');
      expect(violation.description.length).toBeGreaterThan(0);
    }
    return;
  }
  const digits = MINOR_DIGITS[result.currency as keyof typeof MINOR_DIGITS];
  const pattern = moneyPattern(digits ?? 2);
  if (digits !== undefined) {
    for (const [, value] of moneyFields(result)) expect(value).toMatch(pattern);
  }
}


describe('properties', () => {
  it('reference: one price on one instance costs round(clamp(model(units) x periods x proration / interval))', () => {
    fc.assert(
      fc.property(singlePriceArb, ({ currency, price, instance, capHours }) => {
        const plan: PlanRequest = {
          planConfig: { currency, prices: [price] },
          instances: [instance],
          ...(capHours === undefined ? {} : { calcConfig: { capHours } }),
        };
        const digits = MINOR_DIGITS[currency];
        const expected = referenceAmount(price, instance, capHours).round(digits).toFixed(digits);
        expect(calculatePlanJson(plan).lineItems[0]?.base).toBe(expected);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('validity: every generated plan calculates and its result matches planResultSchema', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        expect(() => planResultSchema.parse(calculatePlanJson(plan))).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  it('money format: every amount matches ^(0|[1-9]\\d*)(\\.\\d{minor digits})?$ in the request currency', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlanJson(plan);
        const currency = currencyOf(plan);
        expect(result.currency).toBe(currency);
        const pattern = moneyPattern(MINOR_DIGITS[currency]);
        for (const [field, value] of moneyFields(result)) {
          expect(value, field).toMatch(pattern);
        }
        for (const line of result.lineItems) expect(line.currency).toBe(currency);
      }),
      { numRuns: RUNS },
    );
  });

  it('line sums: line.subtotal = line.base + line.addons', () => {
    fc.assert(
      fc.property(planArb({ minInstances: 1 }), (plan) => {
        for (const line of calculatePlanJson(plan).lineItems) {
          expect(new Big(line.subtotal).eq(new Big(line.base).plus(line.addons)), JSON.stringify(line)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('subtotal: subtotal = sum of line.subtotal', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlanJson(plan);
        expect(new Big(result.subtotal).eq(sum(result.lineItems.map((line) => line.subtotal)))).toBe(true);
        expect(result.lineItems).toHaveLength(plan.instances?.length ?? 0);
      }),
      { numRuns: RUNS },
    );
  });

  it('discount steps: pre = subtotal + overageCost + commitmentTrueUp, discounted = pre - percentOff - couponOff', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlanJson(plan);
        const { pre, percentOff, couponOff } = result.debug.totals;
        expect(new Big(pre).eq(sum([result.subtotal, result.overageCost, result.commitmentTrueUp]))).toBe(true);
        expect(new Big(result.discounted).eq(new Big(pre).minus(percentOff).minus(couponOff))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  /** A generated plan priced without a commitment, then with one drawn around its own fees. */
  const committedArb = fc.record({ plan: planArb(), draw: commitmentDrawArb }).map(({ plan, draw }) => {
    const bare = calculatePlanJson(withCommitment(plan, { kind: 'none', minor: 0 }, '0'));
    const committed = withCommitment(plan, draw, sum([bare.subtotal, bare.overageCost]).toFixed(MINOR_DIGITS[currencyOf(plan)]));
    return { bare, committed, commitment: new Big(committed.planConfig?.minimumCommitment ?? '0'), result: calculatePlanJson(committed) };
  });

  it('commitment floor: pre >= minimumCommitment', () => {
    fc.assert(
      fc.property(committedArb, ({ commitment, result }) => {
        expect(new Big(result.debug.totals.pre).gte(commitment)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('commitment exactness: commitmentTrueUp > 0 => pre = minimumCommitment, and commitmentTrueUp = max(0, minimumCommitment - (subtotal + overageCost))', () => {
    fc.assert(
      fc.property(committedArb, ({ bare, commitment, result }) => {
        const shortfall = commitment.minus(sum([result.subtotal, result.overageCost]));
        expect(result.commitmentTrueUp).toBe((shortfall.gt(0) ? shortfall : new Big(0)).toFixed(MINOR_DIGITS[result.currency as 'USD']));
        if (new Big(result.commitmentTrueUp).gt(0)) expect(new Big(result.debug.totals.pre).eq(commitment)).toBe(true);
        expect(publicPart({ ...result, commitmentTrueUp: '', total: '', discounted: '', tax: '' })).toEqual(publicPart({ ...bare, commitmentTrueUp: '', total: '', discounted: '', tax: '' }));
      }),
      { numRuns: RUNS },
    );
  });

  it('commitment sums: every printed total is the exact sum of its printed parts with a commitment drawn around the fees', () => {
    fc.assert(
      fc.property(committedArb, ({ result }) => {
        const { pre, percentOff, couponOff } = result.debug.totals;
        expect(new Big(pre).eq(sum([result.subtotal, result.overageCost, result.commitmentTrueUp]))).toBe(true);
        expect(new Big(result.discounted).eq(new Big(pre).minus(percentOff).minus(couponOff))).toBe(true);
        expect(new Big(result.total).eq(sum([result.discounted, result.tax]))).toBe(true);
        expect(new Big(result.subtotal).eq(sum(result.lineItems.map((line) => line.subtotal)))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('discount rules: percentOff = round(pre x discountPercent / 100), couponOff = min(couponValue, pre - percentOff)', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlanJson(plan);
        const digits = MINOR_DIGITS[currencyOf(plan)];
        const percent = new Big(String(plan.calcConfig?.discountPercent ?? 0));
        const coupon = new Big(plan.calcConfig?.couponValue ?? '0');
        const pre = new Big(result.debug.totals.pre);
        const percentOff = roundHalfUp(pre.times(percent).div(100), digits);
        const left = pre.minus(percentOff);
        const couponOff = coupon.lt(left) ? coupon : left;
        expect(result.debug.totals.percentOff).toBe(percentOff.toFixed(digits));
        expect(result.debug.totals.couponOff).toBe(couponOff.toFixed(digits));
        expect(result.discountPercent).toBe(plan.calcConfig?.discountPercent ?? 0);
        expect(new Big(result.couponValue).eq(coupon)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('tax: tax = round(discounted x taxRate), total = discounted + tax', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlanJson(plan);
        const digits = MINOR_DIGITS[currencyOf(plan)];
        const rate = new Big(String(plan.calcConfig?.taxRate ?? 0));
        expect(result.tax).toBe(roundHalfUp(new Big(result.discounted).times(rate), digits).toFixed(digits));
        expect(new Big(result.total).eq(new Big(result.discounted).plus(result.tax))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  // NOTE: clamping, half-up rounding, the percent discount (pre - round(pre x p) grows with
  // pre when p <= 1), the coupon (max(0, x - c)) and the tax are all nondecreasing, so they
  // stay in. What breaks monotonicity is excluded: volume tiers; formulas that subtract or
  // branch; free units growing with quantity (`freeUnits x quantity`) or with hours
  // (prorated free units).
  it('monotone in usage: usage\' >= usage => total\' >= total (no volume tiers, monotone formulas)', () => {
    fc.assert(
      fc.property(planArb(MONOTONE), stepsArb(300), (plan, steps) => {
        const grown = withInstances(plan, (instance, index) => {
          const step = steps[index] ?? 0;
          const next: Instance = { ...instance };
          if (instance.usage != null) next.usage = growUsage(instance.usage, step);
          if (instance.addons != null) {
            next.addons = instance.addons.map((entry) =>
              entry.usage == null ? entry : { ...entry, usage: growUsage(entry.usage, step) },
            );
          }
          return next;
        });
        expect(totalOf(grown).gte(totalOf(plan))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('monotone in hours: hours\' >= hours => total\' >= total (no volume tiers, monotone formulas, no prorated free units)', () => {
    fc.assert(
      fc.property(
        planArb({ ...MONOTONE, freeUnits: 'unprorated', explicitHoursAndQuantity: true }),
        stepsArb(400),
        (plan, steps) => {
          const grown = withInstances(plan, (instance, index) => ({
            ...instance,
            hoursUsed: Number(instance.hoursUsed ?? 1) + (steps[index] ?? 0),
          }));
          expect(totalOf(grown).gte(totalOf(plan))).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('monotone in quantity: quantity\' >= quantity => total\' >= total (no volume tiers, monotone formulas, no free units)', () => {
    fc.assert(
      fc.property(
        planArb({ ...MONOTONE, freeUnits: 'none', explicitHoursAndQuantity: true }),
        stepsArb(4),
        (plan, steps) => {
          const grown = withInstances(plan, (instance, index) => ({
            ...instance,
            quantity: Number(instance.quantity ?? 1) + (steps[index] ?? 0),
          }));
          expect(totalOf(grown).gte(totalOf(plan))).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  describe('volume tiers are not monotone', () => {
    const volumeTotal = (tiers: Price['tiers'], units: number): Big =>
      totalOf({
        planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_TIERED', metricName: 'cpu', tiers }] },
        instances: [{ usage: units }],
      });

    it('volume counterexample: [0,10) $10, [10,inf) $1 prices 10 units at 100.00 and 11 units at 11.00', () => {
      const tiers: Price['tiers'] = [
        { startInclusive: 0, endExclusive: 10, unitAmount: '10', tierType: 'TIER_MODE_VOLUME' },
        { startInclusive: 10, unitAmount: '1', tierType: 'TIER_MODE_VOLUME' },
      ];
      expect(volumeTotal(tiers, 10).toFixed(2)).toBe('100.00');
      expect(volumeTotal(tiers, 11).toFixed(2)).toBe('11.00');
    });

    it('volume exists: exists q < q\' with total(q) > total(q\') among generated volume tiers', () => {
      const details = fc.check(
        fc.property(
          tiersArb('TIER_MODE_VOLUME', decimalArb(20, 2), 'any'),
          fc.integer({ min: 0, max: 200 }),
          fc.integer({ min: 1, max: 60 }),
          (tiers, units, step) => volumeTotal(tiers, units).lte(volumeTotal(tiers, units + step)),
        ),
        { numRuns: 2000 },
      );
      expect(details.failed).toBe(true);
      expect(details.errorInstance).not.toBeInstanceOf(PricingValidationError);
      const [tiers, units, step] = details.counterexample ?? [[], 0, 0];
      expect(volumeTotal(tiers, units).gt(volumeTotal(tiers, units + step))).toBe(true);
    });
  });

  it('graduated = volume: one unit price on every tier and no flat fee give the same amounts', () => {
    fc.assert(
      fc.property(planArb({ models: ['PRICING_MODEL_TIERED'], volume: false }), (plan) => {
        const graduated = structuredClone(plan);
        for (const price of graduated.planConfig?.prices ?? []) {
          const unitAmount = price.tiers?.[0]?.unitAmount ?? '1';
          price.tiers = (price.tiers ?? []).map(({ flatFee: _f, flatFeeAmount: _a, ...tier }) => ({
            ...tier,
            unitAmount,
            tierType: 'TIER_MODE_GRADUATED',
          }));
        }
        const volume = structuredClone(graduated);
        for (const price of volume.planConfig?.prices ?? []) {
          for (const tier of price.tiers ?? []) tier.tierType = 'TIER_MODE_VOLUME';
        }
        expect(publicPart(calculatePlanJson(volume))).toEqual(publicPart(calculatePlanJson(graduated)));
      }),
      { numRuns: RUNS },
    );
  });

  it('cap: total(hours = capHours) = total(hours > capHours) = total(hours unset)', () => {
    fc.assert(
      fc.property(planArb({ capHours: 'set', minInstances: 1 }), stepsArb(500), (plan, steps) => {
        const cap = Number(plan.calcConfig?.capHours ?? 730);
        const atCap = withInstances(plan, (instance) => ({ ...instance, hoursUsed: cap }));
        const beyond = withInstances(plan, (instance, index) => ({
          ...instance,
          hoursUsed: cap + 1 + (steps[index] ?? 0),
        }));
        const unset = withInstances(plan, ({ hoursUsed: _h, ...instance }) => instance);
        const expected = publicPart(calculatePlanJson(atCap));
        expect(publicPart(calculatePlanJson(beyond))).toEqual(expected);
        expect(publicPart(calculatePlanJson(unset))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('pooling: overageCost(all instances) <= sum of overageCost(each instance alone)', () => {
    fc.assert(
      fc.property(pooledPlanArb(), (plan) => {
        const pooled = new Big(calculatePlanJson(plan).overageCost);
        const alone = sum(
          (plan.instances ?? []).map((instance) => calculatePlanJson({ ...plan, instances: [instance] }).overageCost),
        );
        expect(pooled.lte(alone), `${pooled.toString()} > ${alone.toString()}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('pooled maps add up: pooledUsage[m] = sum of pooledUsage_i[m], pooledAllowances[m] = sum of pooledAllowances_i[m]', () => {
    fc.assert(
      fc.property(pooledPlanArb(), (plan) => {
        const result = calculatePlanJson(plan);
        const alone = (plan.instances ?? []).map((instance) => calculatePlanJson({ ...plan, instances: [instance] }));
        const metrics = (plan.planConfig?.prices ?? []).map((price) => price.metricName ?? '');
        expect(Object.keys(result.pooledUsage).sort()).toEqual([...metrics].sort());
        expect(Object.keys(result.pooledAllowances).sort()).toEqual([...metrics].sort());
        for (const metric of metrics) {
          const usage = sum(alone.map((r) => String(r.pooledUsage[metric] ?? 0)));
          const allowance = sum(alone.map((r) => String(r.pooledAllowances[metric] ?? 0)));
          expect(new Big(String(result.pooledUsage[metric])).eq(usage)).toBe(true);
          expect(new Big(String(result.pooledAllowances[metric])).eq(allowance)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('permutation: calculate(pi(instances)).lineItems = pi(lineItems), totals unchanged', () => {
    const planAndOrder = planArb({ minInstances: 2 }).chain((plan) => {
      const indices = (plan.instances ?? []).map((_, index) => index);
      return fc
        .shuffledSubarray(indices, { minLength: indices.length, maxLength: indices.length })
        .map((order) => ({ plan, order }));
    });
    const withoutLabel = ({ instanceLabel, ...line }: PlanResult['lineItems'][number]) => ({
      ...line,
      region: instanceLabel.replace(/^instance-\d+/, ''),
    });
    fc.assert(
      fc.property(planAndOrder, ({ plan, order }) => {
        const instances = plan.instances ?? [];
        const permuted = { ...plan, instances: order.map((index) => instances[index] as Instance) };
        const { lineItems, ...totals } = publicPart(calculatePlanJson(plan));
        const { lineItems: permutedLines, ...permutedTotals } = publicPart(calculatePlanJson(permuted));
        expect(permutedTotals).toEqual(totals);
        expect(permutedLines.map(withoutLabel)).toEqual(order.map((index) => withoutLabel(lineItems[index]!)));
        expect(permutedLines.map((line) => line.instanceLabel.match(/^instance-(\d+)/)?.[1])).toEqual(
          order.map((_, position) => String(position + 1)),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('renaming: metric and add-on names are opaque, calculate(rename(x)) = rename(calculate(x)), Object.prototype names included', () => {
    const names: [string, string][] = [
      ...METRICS.map((metric, index): [string, string] => [metric, ['constructor', '__proto__', 'toString'][index]!]),
      ...ADDON_CODES.map((code, index): [string, string] => [code, ['hasOwnProperty', '__proto__', 'valueOf'][index]!]),
    ];
    const rename = (json: string): unknown =>
      JSON.parse(names.reduce((text, [from, to]) => text.replaceAll(`"${from}"`, `"${to}"`), json));
    fc.assert(
      fc.property(planArb(), (plan) => {
        const renamed = rename(JSON.stringify(plan));
        const expected = rename(JSON.stringify(publicPart(calculatePlanJson(plan))));
        expect(publicPart(calculatePlanJson(renamed))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('determinism: JSON.stringify(calculate(x)) = JSON.stringify(calculate(clone(x))), x unchanged', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const before = JSON.stringify(plan);
        const first = JSON.stringify(calculatePlanJson(plan));
        const second = JSON.stringify(calculatePlanJson(structuredClone(plan)));
        expect(second).toBe(first);
        expect(JSON.stringify(plan)).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });

  it('totality: any JSON value calculates or throws PricingValidationError', () => {
    const loose = fc.record(
      {
        planConfig: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ currency: fc.jsonValue({ maxDepth: 1 }), prices: fc.array(fc.dictionary(fc.constantFrom('pricingModel', 'productType', 'unitAmount', 'tiers', 'metricName', 'pricingFormula', 'packageSize', 'freeUnits', 'billingPeriod'), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }) }, { requiredKeys: [] })),
        instances: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.array(fc.dictionary(fc.constantFrom('quantity', 'hoursUsed', 'region', 'usage', 'addons'), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 })),
        calcConfig: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.constantFrom('capHours', 'overageRates', 'discountPercent', 'couponValue', 'taxRate'), fc.jsonValue({ maxDepth: 2 }))),
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), loose), expectCalculatesOrRejects), { numRuns: 400 });
  });

  it('totality: a mutated valid plan calculates or throws PricingValidationError', () => {
    fc.assert(fc.property(mutatedPlanArb, expectCalculatesOrRejects), { numRuns: 500 });
  });
});
