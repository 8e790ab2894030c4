import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlan, planResultSchema, PricingValidationError } from './index.js';
import type { PlanResult } from './index.js';
import {
  ADDON_CODES,
  currencyOf,
  ANY_PLAN,
  decimalArb,
  growUsage,
  METRICS,
  MINOR_DIGITS,
  planArb,
  pooledPlanArb,
  priceArb,
  tiersArb,
} from './test-support/arbitraries.js';
import type { Currency, InstanceJson, PlanRequestJson, PriceJson, TierJson } from './test-support/arbitraries.js';

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

/** Every monetary string of a result with where it was found. */
function moneyFields(result: PlanResult): [string, string][] {
  const fields: [string, string][] = [
    ['subtotal', result.subtotal],
    ['overageCost', result.overageCost],
    ['discounted', result.discounted],
    ['tax', result.tax],
    ['total', result.total],
    ['couponValue', result.couponValue],
  ];
  result.lineItems.forEach((line, index) => {
    fields.push([`lineItems[${index}].base`, line.base]);
    fields.push([`lineItems[${index}].addons`, line.addons]);
    fields.push([`lineItems[${index}].subtotal`, line.subtotal]);
  });
  return fields;
}

function moneyPattern(digits: number): RegExp {
  return digits === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${digits}}$`);
}

/** A deep copy of `plan` with `change` applied to each instance. */
function withInstances(
  plan: PlanRequestJson,
  change: (instance: InstanceJson, index: number) => InstanceJson,
): PlanRequestJson {
  const copy = structuredClone(plan);
  copy.instances = (copy.instances ?? []).map(change);
  return copy;
}

const totalOf = (plan: PlanRequestJson): Big => new Big(calculatePlan(plan).total);

/** Per-instance non-negative steps, indexed by instance position. */
const stepsArb = (max: number) => fc.array(fc.integer({ min: 0, max }), { minLength: 8, maxLength: 8 });

/** Either a result, or a PricingValidationError with at least one well-formed violation. */
function expectCalculatesOrRejects(input: unknown): void {
  let result: PlanResult;
  try {
    result = calculatePlan(input);
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


/** An independent big.js constructor for the reference (never reconfigures the engine's). */
const Exact = Big();
Exact.DP = 60;

/** An exact fraction n/d (d > 0); the reference divides only once, when it rounds. */
class Fraction {
  constructor(
    readonly n: Big,
    readonly d: Big = new Exact(1),
  ) {}
  static of(value: string | number): Fraction {
    return new Fraction(new Exact(String(value)));
  }
  plus(o: Fraction): Fraction {
    return new Fraction(this.n.times(o.d).plus(o.n.times(this.d)), this.d.times(o.d));
  }
  minus(o: Fraction): Fraction {
    return this.plus(new Fraction(o.n.times(-1), o.d));
  }
  times(o: Fraction): Fraction {
    return new Fraction(this.n.times(o.n), this.d.times(o.d));
  }
  div(o: Fraction): Fraction {
    return new Fraction(this.n.times(o.d), this.d.times(o.n));
  }
  cmp(o: Fraction): number {
    return this.n.times(o.d).cmp(o.n.times(this.d));
  }
  max(o: Fraction): Fraction {
    return this.cmp(o) >= 0 ? this : o;
  }
  min(o: Fraction): Fraction {
    return this.cmp(o) <= 0 ? this : o;
  }
  ceil(): Fraction {
    let floor = this.n.div(this.d).round(0, Big.roundDown);
    if (floor.times(this.d).gt(this.n)) floor = floor.minus(1);
    if (floor.plus(1).times(this.d).lte(this.n)) floor = floor.plus(1);
    return new Fraction(floor.times(this.d).eq(this.n) ? floor : floor.plus(1));
  }
  /** Half-up to `dp` places: exact, as halfway points have short expansions and d stays small. */
  round(dp: number): Big {
    return this.n.div(this.d).round(dp, Big.roundHalfUp);
  }
}

const ZERO = Fraction.of(0);
const ONE = Fraction.of(1);
const isSet = (amount: string | undefined): amount is string => amount !== undefined && !new Exact(amount).eq(0);

/** The model amount of `price` for `q` units, straight from section 4 of the rules. */
function referenceModel(price: PriceJson, q: Fraction, quantity: Fraction): Fraction {
  switch (price.pricingModel) {
    case 'PRICING_MODEL_FLAT':
      return Fraction.of(price.unitAmount ?? '0').times(quantity);
    case 'PRICING_MODEL_PER_UNIT': {
      const rate = price.metricName !== undefined && isSet(price.overagePrice) ? price.overagePrice : (price.unitAmount ?? '0');
      return q.times(Fraction.of(rate)).div(Fraction.of(price.unitQuantity || 1));
    }
    case 'PRICING_MODEL_PACKAGE':
      return q.div(Fraction.of(price.packageSize ?? 1)).ceil().times(Fraction.of(price.packagePrice ?? '0'));
    case 'PRICING_MODEL_TIERED': {
      const tiers = [...(price.tiers ?? [])].sort(
        (a, b) => (a.tierOrder ?? 0) - (b.tierOrder ?? 0) || (a.startInclusive ?? 0) - (b.startInclusive ?? 0),
      );
      const fee = (tier: TierJson) => Fraction.of(tier.flatFee === true ? (tier.flatFeeAmount ?? '0') : '0');
      const end = (tier: TierJson) => (tier.endExclusive ? Fraction.of(tier.endExclusive) : undefined);
      if (tiers.some((tier) => tier.tierType === 'TIER_MODE_VOLUME')) {
        const holding =
          tiers.find((tier) => {
            const e = end(tier);
            return q.cmp(Fraction.of(tier.startInclusive ?? 0)) > 0 && (e === undefined || q.cmp(e) <= 0);
          }) ?? tiers[0]!;
        return q.times(Fraction.of(holding.unitAmount ?? '0')).plus(fee(holding));
      }
      return tiers.reduce((acc, tier, index) => {
        const start = Fraction.of(tier.startInclusive ?? 0);
        const e = end(tier);
        const held = (e === undefined ? q : q.min(e)).minus(start).max(ZERO);
        const charged = held.cmp(ZERO) > 0 || index === 0 ? fee(tier) : ZERO;
        return acc.plus(held.times(Fraction.of(tier.unitAmount ?? '0'))).plus(charged);
      }, ZERO);
    }
    case 'PRICING_MODEL_FORMULA':
      throw new Error('formulas are not modelled by the reference');
  }
}

/** Minimum and maximum charge of section 4 ("0" maximum: none). */
function referenceClamp(price: PriceJson, amount: Fraction): Fraction {
  if (isSet(price.minimumCharge) && amount.cmp(Fraction.of(price.minimumCharge)) < 0) return Fraction.of(price.minimumCharge);
  if (isSet(price.maximumCharge) && amount.cmp(Fraction.of(price.maximumCharge)) > 0) return Fraction.of(price.maximumCharge);
  return amount;
}

const PERIODS_IN_CYCLE: Record<string, (cycleHours: Fraction, billableHours: Fraction) => Fraction> = {
  BILLING_PERIOD_HOURLY: (_cycle, billable) => billable,
  BILLING_PERIOD_DAILY: (cycle) => cycle.div(Fraction.of(24)),
  BILLING_PERIOD_WEEKLY: (cycle) => cycle.div(Fraction.of(168)),
  BILLING_PERIOD_MONTHLY: () => ONE,
  BILLING_PERIOD_YEARLY: () => ONE.div(Fraction.of(12)),
};

/** The exact amount of one BASE price on one instance (sections 1, 3, 4 and 5), formulas aside. */
function referenceAmount(price: PriceJson, instance: InstanceJson, capHours: number | undefined): Fraction {
  const cycle = Fraction.of(capHours || 730);
  const hours = instance.hoursUsed ? Fraction.of(instance.hoursUsed) : cycle;
  const billable = capHours ? hours.min(Fraction.of(capHours)) : hours;
  const factor = hours.min(cycle).div(cycle);
  const quantity = Fraction.of(instance.quantity || 1);
  if (price.metricName !== undefined) {
    const usage = Fraction.of(typeof instance.usage === 'number' ? instance.usage : 0);
    const free = Fraction.of(price.freeUnits ?? 0).times(quantity).times(price.prorate === true ? factor : ONE);
    return referenceClamp(price, referenceModel(price, usage.minus(free).max(ZERO), quantity));
  }
  const period = PERIODS_IN_CYCLE[price.billingPeriod ?? 'BILLING_PERIOD_MONTHLY']!(cycle, billable);
  const prorated = price.prorate === true && price.billingPeriod !== 'BILLING_PERIOD_HOURLY' ? factor : ONE;
  const scaled = referenceModel(price, quantity, quantity)
    .times(period)
    .times(prorated)
    .div(Fraction.of(price.billingInterval || 1));
  return referenceClamp(price, scaled);
}

/** One BASE price (every model but FORMULA) on one instance with a bare-number usage. */
const singlePriceArb = fc.record({
  currency: fc.constantFrom<Currency>('USD', 'JPY', 'KWD'),
  price: priceArb('PRODUCT_TYPE_BASE', {
    ...ANY_PLAN,
    models: ['PRICING_MODEL_FLAT', 'PRICING_MODEL_PER_UNIT', 'PRICING_MODEL_PACKAGE', 'PRICING_MODEL_TIERED'],
  }),
  instance: fc.record({
    quantity: fc.integer({ min: 0, max: 4 }),
    hoursUsed: fc.oneof(fc.integer({ min: 0, max: 900 }), fc.constantFrom(0.5, 336.5)),
    usage: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 40_000 }).map((n) => n / 100)),
  }),
  capHours: fc.option(fc.oneof(fc.constantFrom(672, 744), fc.integer({ min: 1, max: 900 })), { nil: undefined }),
});

describe('properties', () => {
  it('reference: one price on one instance costs round(clamp(model(units) x periods x proration / interval))', () => {
    fc.assert(
      fc.property(singlePriceArb, ({ currency, price, instance, capHours }) => {
        const plan: PlanRequestJson = {
          planConfig: { currency, prices: [price] },
          instances: [instance],
          ...(capHours === undefined ? {} : { calcConfig: { capHours } }),
        };
        const digits = MINOR_DIGITS[currency];
        const expected = referenceAmount(price, instance, capHours).round(digits).toFixed(digits);
        expect(calculatePlan(plan).lineItems[0]?.base).toBe(expected);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('validity: every generated plan calculates and its result matches planResultSchema', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        expect(() => planResultSchema.parse(calculatePlan(plan))).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });

  it('money format: every amount matches ^(0|[1-9]\\d*)(\\.\\d{minor digits})?$ in the request currency', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlan(plan);
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
        for (const line of calculatePlan(plan).lineItems) {
          expect(new Big(line.subtotal).eq(new Big(line.base).plus(line.addons)), JSON.stringify(line)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('subtotal: subtotal = sum of line.subtotal', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlan(plan);
        expect(new Big(result.subtotal).eq(sum(result.lineItems.map((line) => line.subtotal)))).toBe(true);
        expect(result.lineItems).toHaveLength(plan.instances?.length ?? 0);
      }),
      { numRuns: RUNS },
    );
  });

  it('discount steps: pre = subtotal + overageCost, discounted = pre - percentOff - couponOff', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlan(plan);
        const { pre, percentOff, couponOff } = result.debug.totals;
        expect(new Big(pre).eq(new Big(result.subtotal).plus(result.overageCost))).toBe(true);
        expect(new Big(result.discounted).eq(new Big(pre).minus(percentOff).minus(couponOff))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('discount rules: percentOff = round(pre x discountPercent / 100), couponOff = min(couponValue, pre - percentOff)', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const result = calculatePlan(plan);
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
        const result = calculatePlan(plan);
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
  // (prorated free units); `hoursUsed: 0` and `quantity: 0`, which mean "unset" (full cycle, 1).
  it('monotone in usage: usage\' >= usage => total\' >= total (no volume tiers, monotone formulas)', () => {
    fc.assert(
      fc.property(planArb(MONOTONE), stepsArb(300), (plan, steps) => {
        const grown = withInstances(plan, (instance, index) => {
          const step = steps[index] ?? 0;
          const next: InstanceJson = { ...instance };
          if (instance.usage !== undefined) next.usage = growUsage(instance.usage, step);
          if (instance.addons !== undefined) {
            next.addons = instance.addons.map((entry) =>
              entry.usage === undefined ? entry : { ...entry, usage: growUsage(entry.usage, step) },
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
            hoursUsed: (instance.hoursUsed ?? 1) + (steps[index] ?? 0),
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
            quantity: (instance.quantity ?? 1) + (steps[index] ?? 0),
          }));
          expect(totalOf(grown).gte(totalOf(plan))).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  describe('volume tiers are not monotone', () => {
    const volumeTotal = (tiers: PriceJson['tiers'], units: number): Big =>
      totalOf({
        planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_TIERED', metricName: 'cpu', tiers }] },
        instances: [{ usage: units }],
      });

    it('volume counterexample: [0,10) $10, [10,inf) $1 prices 10 units at 100.00 and 11 units at 11.00', () => {
      const tiers: PriceJson['tiers'] = [
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
        expect(publicPart(calculatePlan(volume))).toEqual(publicPart(calculatePlan(graduated)));
      }),
      { numRuns: RUNS },
    );
  });

  it('cap: total(hours = capHours) = total(hours > capHours) = total(hours unset)', () => {
    fc.assert(
      fc.property(planArb({ capHours: 'set', minInstances: 1 }), stepsArb(500), (plan, steps) => {
        const cap = plan.calcConfig?.capHours ?? 730;
        const atCap = withInstances(plan, (instance) => ({ ...instance, hoursUsed: cap }));
        const beyond = withInstances(plan, (instance, index) => ({
          ...instance,
          hoursUsed: cap + 1 + (steps[index] ?? 0),
        }));
        const unset = withInstances(plan, ({ hoursUsed: _h, ...instance }) => instance);
        const expected = publicPart(calculatePlan(atCap));
        expect(publicPart(calculatePlan(beyond))).toEqual(expected);
        expect(publicPart(calculatePlan(unset))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('pooling: overageCost(all instances) <= sum of overageCost(each instance alone)', () => {
    fc.assert(
      fc.property(pooledPlanArb(), (plan) => {
        const pooled = new Big(calculatePlan(plan).overageCost);
        const alone = sum(
          (plan.instances ?? []).map((instance) => calculatePlan({ ...plan, instances: [instance] }).overageCost),
        );
        expect(pooled.lte(alone), `${pooled.toString()} > ${alone.toString()}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('pooled maps add up: pooledUsage[m] = sum of pooledUsage_i[m], pooledAllowances[m] = sum of pooledAllowances_i[m]', () => {
    fc.assert(
      fc.property(pooledPlanArb(), (plan) => {
        const result = calculatePlan(plan);
        const alone = (plan.instances ?? []).map((instance) => calculatePlan({ ...plan, instances: [instance] }));
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
        const permuted = { ...plan, instances: order.map((index) => instances[index] as InstanceJson) };
        const { lineItems, ...totals } = publicPart(calculatePlan(plan));
        const { lineItems: permutedLines, ...permutedTotals } = publicPart(calculatePlan(permuted));
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
        const expected = rename(JSON.stringify(publicPart(calculatePlan(plan))));
        expect(publicPart(calculatePlan(renamed))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('determinism: JSON.stringify(calculate(x)) = JSON.stringify(calculate(clone(x))), x unchanged', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const before = JSON.stringify(plan);
        const first = JSON.stringify(calculatePlan(plan));
        const second = JSON.stringify(calculatePlan(structuredClone(plan)));
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

/** Values that tend to break parsers, number readers and map lookups. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(
    -1, -0.01, 0, 0.5, 1e21, 1e308, 2 ** 53 + 2, 1e-7, 5e-324,
    '', ' ', '-1', '-0', '1e3', '1e400', '1e-400', 'NaN', 'Infinity', '0x10', '1_000', '12.3.4', '+5', '.5', '5.',
    '0.0000000000001', '99999999999999999999999999.999', '١٢',
    'PRICING_MODEL_TIERED', 'PRICING_MODEL_FORMULA', 'PRODUCT_TYPE_USAGE', 'PRODUCT_TYPE_ADDON', 'TIER_MODE_VOLUME',
    'BILLING_PERIOD_HOURLY', 'METRIC_AGGREGATION_AVERAGE', 'PRICING_MODEL_UNSPECIFIED',
    'constructor', '__proto__', 'toString', 'cpu', 'backup',
    '1 / 0', 'units / (quantity - quantity)', '0 - 1', 'usage.nope', 'usage.', 'round(1, -1)', 'round(units, 100000)',
    'if(1, 2)', 'if(units > 1, 1 / 0, 2)', 'min()', '((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))',
    'ceil(units / 7) * 99999999999999999999', 'x'.repeat(1001), '1e999999',
    null, true, false, [], {}, [1, -1], [[1]], { cpu: -1 }, { cpu: [1, 'a'] }, { constructor: 3 },
  ),
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const children = Array.isArray(value)
    ? value.flatMap((child, index) => pathsOf(child, [...prefix, index]))
    : Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]));
  return [prefix, ...children];
}

type Mutation = { pick: number; kind: 'set' | 'delete' | 'addKey'; value: unknown; key: string };

function applyMutation(root: unknown, { pick, kind, value, key }: Mutation): unknown {
  const paths = pathsOf(root);
  const path = paths[pick % paths.length] ?? [];
  if (path.length === 0) return kind === 'set' ? value : root;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (kind === 'addKey') {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
    } else {
      parent[last] = value;
    }
  } else {
    parent[last] = value;
  }
  return root;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom<Mutation['kind']>('set', 'set', 'delete', 'addKey'),
  value: oddValue,
  key: fc.constantFrom('__proto__', 'constructor', 'toString', 'cpu', 'extra', ''),
});

/** A valid plan with one to three random edits. */
const mutatedPlanArb: fc.Arbitrary<unknown> = fc
  .tuple(planArb({ maxInstances: 3 }), fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
  .map(([plan, mutations]) => mutations.reduce<unknown>((root, mutation) => applyMutation(root, mutation), structuredClone(plan)));
