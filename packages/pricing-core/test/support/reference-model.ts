import Big from 'big.js';
import fc from 'fast-check';
import { ANY_PLAN, priceArb } from '../../src/testing/arbitraries.js';
import type { Currency } from '../../src/testing/arbitraries.js';
import type { Instance, Price, Tier } from '../../src/request/types.js';

// An independent exact model of the cycle, units, models and time rules of docs/pricing.md (FORMULA aside),
// which the property tests compare the engine against.

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
const isSet = (amount: string | null | undefined): amount is string => amount !== undefined && amount !== null && !new Exact(amount).eq(0);

/** The model amount of `price` for `q` units, straight from the model rules. */
export function referenceModel(price: Price, q: Fraction, quantity: Fraction): Fraction {
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
        (a, b) => Number(a.tierOrder ?? 0) - Number(b.tierOrder ?? 0) || Number(a.startInclusive ?? 0) - Number(b.startInclusive ?? 0),
      );
      const fee = (tier: Tier) => Fraction.of(tier.flatFee === true ? (tier.flatFeeAmount ?? '0') : '0');
      const end = (tier: Tier) => (tier.endExclusive ? Fraction.of(tier.endExclusive) : undefined);
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
    default:
      throw new Error(`${String(price.pricingModel)} is not modelled by the reference`);
  }
}

/** Minimum and maximum charge of a price ("0" maximum: none). */
export function referenceClamp(price: Price, amount: Fraction): Fraction {
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

/** The exact amount of one BASE price on one instance, formulas aside. */
export function referenceAmount(price: Price, instance: Instance, capHours: number | undefined): Fraction {
  const cycle = Fraction.of(capHours || 730);
  const hours = instance.hoursUsed != null ? Fraction.of(instance.hoursUsed) : cycle;
  const billable = capHours ? hours.min(Fraction.of(capHours)) : hours;
  const factor = hours.min(cycle).div(cycle);
  const quantity = Fraction.of(instance.quantity ?? 1);
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
export const singlePriceArb = fc.record({
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
