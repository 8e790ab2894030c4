import fc from 'fast-check';
import type { CalculateOptions } from '../limits.js';
import type { PlanResult } from '../schema/result-types.js';
import { currencyOf, growUsage, MINOR_DIGITS, planArb } from './arbitraries.js';
import type { InstanceJson, PlanOptions, PlanRequestJson } from './arbitraries.js';
import { decMinus, decOf, decText } from '../money/decimal.js';
import { canonical, compareAmounts, ensure, moneyFields, moneyPattern, sumOf } from './check.js';

/** What the laws call: `calculatePlan` itself or any wrapper with its signature. */
export type PlanCalculator = (request: unknown, options?: CalculateOptions) => PlanResult;

/** The knobs of the generated plans a law runs on (see `planRequestArbitrary`). */
export type PlanKnobs = Partial<PlanOptions>;

/** A law as a fast-check property over one generated input. */
export type PricingLaw<T> = fc.IPropertyWithHooks<[T]>;

// NOTE: volume tiers and formulas that subtract or branch are not monotone (10 units at $10
// cost more than 11 units at $1), so the monotone law always runs without them.
const MONOTONE: PlanKnobs = { volume: false, formulas: 'monotone' };

/**
 * Total = sum of parts: line.subtotal = base + addons, subtotal = sum of line subtotals,
 * pre = subtotal + overageCost, discounted = pre - percentOff - couponOff, total = discounted + tax.
 * @example fc.assert(sumOfPartsLaw(calculatePlan))
 */
export function sumOfPartsLaw(calculate: PlanCalculator, knobs: PlanKnobs = {}): PricingLaw<PlanRequestJson> {
  return fc.property(planArb(knobs), (plan) => {
    const result = calculate(plan);
    const law = 'total = sum of parts';
    for (const line of result.lineItems) {
      ensure(compareAmounts(line.subtotal, sumOf([line.base, line.addons])) === 0, law, `${line.instanceLabel}: ${line.subtotal} != ${line.base} + ${line.addons}`);
    }
    const lines = sumOf(result.lineItems.map((line) => line.subtotal));
    ensure(compareAmounts(result.subtotal, lines) === 0, law, `subtotal ${result.subtotal} != sum of lines ${decText(lines)}`);
    const { pre, percentOff, couponOff } = result.debug.totals;
    ensure(compareAmounts(pre, sumOf([result.subtotal, result.overageCost])) === 0, law, `pre ${pre} != subtotal + overageCost`);
    const discounted = decMinus(decMinus(decOf(pre), decOf(percentOff)), decOf(couponOff));
    ensure(compareAmounts(discounted, result.discounted) === 0, law, `discounted ${result.discounted} != pre - percentOff - couponOff = ${decText(discounted)}`);
    ensure(compareAmounts(result.total, sumOf([result.discounted, result.tax])) === 0, law, `total ${result.total} != discounted + tax`);
  });
}

/**
 * Money digits: every money string of the result has exactly the currency's minor digits
 * (USD 2, JPY 0, KWD 3) and no sign or exponent.
 * @example fc.assert(moneyDigitsLaw(calculatePlan, { currencies: ['JPY'] }))
 */
export function moneyDigitsLaw(calculate: PlanCalculator, knobs: PlanKnobs = {}): PricingLaw<PlanRequestJson> {
  return fc.property(planArb(knobs), (plan) => {
    const result = calculate(plan);
    const currency = currencyOf(plan);
    const law = 'money digits';
    ensure(result.currency === currency, law, `currency ${result.currency} != ${currency}`);
    const pattern = moneyPattern(MINOR_DIGITS[currency]);
    for (const [field, value] of moneyFields(result)) {
      ensure(pattern.test(value), law, `${field} = ${JSON.stringify(value)} does not have ${MINOR_DIGITS[currency]} minor digits of ${currency}`);
    }
  });
}

/** A plan and a non-negative usage step per instance. */
export interface GrownPlan {
  plan: PlanRequestJson;
  steps: number[];
}

/**
 * Monotone in usage: usage' >= usage => total' >= total, on plans whose models are monotone
 * (no volume tiers; formulas only add, multiply, take min/max/ceil/floor/round, divide by constants).
 * @example fc.assert(monotoneInUsageLaw(calculatePlan))
 */
export function monotoneInUsageLaw(calculate: PlanCalculator, knobs: PlanKnobs = {}): PricingLaw<GrownPlan> {
  const input = fc.record({
    plan: planArb({ ...knobs, ...MONOTONE }),
    steps: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: knobs.maxInstances ?? 8, maxLength: knobs.maxInstances ?? 8 }),
  });
  return fc.property(input, ({ plan, steps }) => {
    const grown = structuredClone(plan);
    grown.instances = (plan.instances ?? []).map((instance, index): InstanceJson => {
      const step = steps[index] ?? 0;
      const next: InstanceJson = { ...instance };
      if (instance.usage !== undefined) next.usage = growUsage(instance.usage, step);
      if (instance.addons !== undefined) {
        next.addons = instance.addons.map((entry) => (entry.usage === undefined ? entry : { ...entry, usage: growUsage(entry.usage, step) }));
      }
      return next;
    });
    const before = calculate(plan).total;
    const after = calculate(grown).total;
    ensure(compareAmounts(after, before) >= 0, 'monotone in usage', `total fell from ${before} to ${after} when usage grew`);
  });
}

/** A plan and an order of its instances. */
export interface ReorderedPlan {
  plan: PlanRequestJson;
  order: number[];
}

/**
 * Instance order: calculate(pi(instances)) has the same totals, and its line items are the
 * permuted line items (labels renumbered).
 * @example fc.assert(instanceOrderLaw(calculatePlan))
 */
export function instanceOrderLaw(calculate: PlanCalculator, knobs: PlanKnobs = {}): PricingLaw<ReorderedPlan> {
  const input = planArb({ minInstances: 2, ...knobs }).chain((plan) => {
    const indices = (plan.instances ?? []).map((_, index) => index);
    return fc.shuffledSubarray(indices, { minLength: indices.length, maxLength: indices.length }).map((order) => ({ plan, order }));
  });
  const unlabelled = ({ instanceLabel, ...line }: PlanResult['lineItems'][number]) => ({ ...line, region: instanceLabel.replace(/^instance-\d+/, '') });
  return fc.property(input, ({ plan, order }) => {
    const instances = plan.instances ?? [];
    const permuted = { ...plan, instances: order.map((index) => instances[index] as InstanceJson) };
    const { lineItems, debug: _d, ...totals } = calculate(plan);
    const { lineItems: permutedLines, debug: _p, ...permutedTotals } = calculate(permuted);
    const law = 'instance order';
    ensure(canonical(permutedTotals) === canonical(totals), law, `totals changed: ${canonical(totals)} -> ${canonical(permutedTotals)}`);
    const expected = order.map((index) => lineItems[index]);
    ensure(
      canonical(permutedLines.map(unlabelled)) === canonical(expected.map((line) => (line === undefined ? null : unlabelled(line)))),
      law,
      'the line items are not the permuted line items',
    );
  });
}

/**
 * BASIC and FULL views agree: the two results differ only in the FULL parts of `debug`
 * (cycleHours, capHours, instances, pooled), which BASIC leaves out.
 * @example fc.assert(viewsAgreeLaw(calculatePlan))
 */
export function viewsAgreeLaw(calculate: PlanCalculator, knobs: PlanKnobs = {}): PricingLaw<PlanRequestJson> {
  return fc.property(planArb(knobs), (plan) => {
    const basic = calculate(plan, { view: 'BASIC' });
    const full = calculate(plan, { view: 'FULL' });
    const law = 'views agree';
    const { debug: basicDebug, ...basicRest } = basic;
    const { debug: fullDebug, ...fullRest } = full;
    ensure(canonical(basicRest) === canonical(fullRest), law, 'the results differ outside debug');
    const { cycleHours: _c, capHours: _h, instances: _i, pooled: _p, ...fullShared } = fullDebug;
    ensure(canonical(basicDebug) === canonical(fullShared), law, `BASIC debug ${canonical(basicDebug)} != FULL's shared part ${canonical(fullShared)}`);
    ensure(fullDebug.instances !== undefined, law, 'FULL debug has no instances');
  });
}

/**
 * Every law, by a name of the form `<law>: <formula>`, ready for a test per entry.
 * @example for (const [name, law] of Object.entries(pricingLaws(calculatePlan))) it(name, () => fc.assert(law))
 */
export function pricingLaws(calculate: PlanCalculator, knobs: PlanKnobs = {}): Record<string, fc.IProperty<[unknown]>> {
  return {
    'total = sum of parts: total = discounted + tax, discounted = subtotal + overageCost - percentOff - couponOff, subtotal = sum of lines': sumOfPartsLaw(calculate, knobs),
    "money digits: every amount matches ^(0|[1-9]\\d*)(\\.\\d{minor digits})?$": moneyDigitsLaw(calculate, knobs),
    "monotone in usage: usage' >= usage => total' >= total (monotone models)": monotoneInUsageLaw(calculate, knobs),
    'instance order: calculate(pi(instances)) = pi(calculate(instances))': instanceOrderLaw(calculate, knobs),
    'views agree: BASIC = FULL without its per-instance parts': viewsAgreeLaw(calculate, knobs),
  };
}
