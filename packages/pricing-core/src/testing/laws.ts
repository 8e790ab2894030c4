import fc from 'fast-check';
import type { CalculateOptions } from '../limits.js';
import type { PlanResult } from '../schema/result-types.js';
import { commitmentDrawArb, currencyOf, growUsage, MINOR_DIGITS, planArb, withCommitment } from './arbitraries.js';
import type { CommitmentDraw, PlanOptions } from './arbitraries.js';
import type { Instance, PlanRequest } from '../request/types.js';
import { decMinus, decOf, decText } from '../money/decimal.js';
import { canonical, compareAmounts, ensure, moneyFields, moneyPattern, sumOf } from './check.js';

/**
 * What the laws call: `calculatePlan` itself or any wrapper with its signature. Generic over
 * the request (any type the generated requests are assignable to: `PlanRequest`, `unknown`, a
 * client's own request type) and the result (a `PlanResult` or a type extending it).
 */
export type PlanCalculator<Req = PlanRequest, Res extends PlanResult = PlanResult> = (request: Req, options?: CalculateOptions) => Res;

/** An asynchronous calculator, such as an HTTP client of `POST /v1/plans:calculate`. */
export type AsyncPlanCalculator<Req = PlanRequest, Res extends PlanResult = PlanResult> = (
  request: Req,
  options?: CalculateOptions,
) => Promise<Res>;

/** The knobs of the generated plans a law runs on (see `planRequestArbitrary`). */
export type PlanKnobs = Partial<PlanOptions>;

/** A law as a fast-check property over one generated input. */
export type PricingLaw<T> = fc.IPropertyWithHooks<[T]>;

/** A law as an asynchronous fast-check property over one generated input. */
export type AsyncPricingLaw<T> = fc.IAsyncPropertyWithHooks<[T]>;

/** One call a law makes: the request and its options. */
type Call = readonly [PlanRequest, CalculateOptions | undefined];

/**
 * A law, written once for both kinds of calculator: the inputs, the calls it makes for one
 * input, and the check of their results (which throws a `PricingLawViolation`).
 */
interface LawSpec<T> {
  readonly input: fc.Arbitrary<T>;
  readonly calls: (input: T) => readonly Call[];
  /** One more call, made from the input and the results of `calls`. */
  readonly then?: (input: T, results: readonly PlanResult[]) => Call;
  readonly check: (input: T, results: readonly PlanResult[]) => void;
}

function syncLaw<T>(spec: LawSpec<T>, calculate: PlanCalculator<PlanRequest, PlanResult>): PricingLaw<T> {
  return fc.property(spec.input, (input) => {
    const results = spec.calls(input).map(([request, options]) => calculate(request, options));
    if (spec.then !== undefined) results.push(calculate(...spec.then(input, results)));
    spec.check(input, results);
  });
}

function asyncLaw<T>(spec: LawSpec<T>, calculate: AsyncPlanCalculator<PlanRequest, PlanResult>): AsyncPricingLaw<T> {
  return fc.asyncProperty(spec.input, async (input) => {
    const results: PlanResult[] = [];
    // NOTE: one call after the other, so a server under test sees the same order every run.
    for (const [request, options] of spec.calls(input)) results.push(await calculate(request, options));
    if (spec.then !== undefined) results.push(await calculate(...spec.then(input, results)));
    spec.check(input, results);
  });
}

/** The result at `index` (a law always asks for the calls it reads). */
const nth = (results: readonly PlanResult[], index: number): PlanResult => results[index] as PlanResult;

// NOTE: volume tiers and formulas that subtract or branch are not monotone (10 units at $10
// cost more than 11 units at $1), so the monotone law always runs without them.
const MONOTONE: PlanKnobs = { volume: false, formulas: 'monotone' };

/**
 * Total = sum of parts: line.subtotal = base + addons, subtotal = sum of line subtotals,
 * pre = subtotal + overageCost + commitmentTrueUp, discounted = pre - percentOff - couponOff, total = discounted + tax.
 * @example fc.assert(sumOfPartsLaw(calculatePlan))
 */
export function sumOfPartsLaw<Res extends PlanResult>(calculate: PlanCalculator<PlanRequest, Res>, knobs: PlanKnobs = {}): PricingLaw<PlanRequest> {
  return syncLaw(sumOfPartsSpec(knobs), calculate);
}

function sumOfPartsSpec(knobs: PlanKnobs): LawSpec<PlanRequest> {
  return {
    input: planArb(knobs),
    calls: (plan) => [[plan, undefined]],
    check: (_plan, results) => {
      const result = nth(results, 0);
      const law = 'total = sum of parts';
      for (const line of result.lineItems) {
        ensure(compareAmounts(line.subtotal, sumOf([line.base, line.addons])) === 0, law, `${line.instanceLabel}: ${line.subtotal} != ${line.base} + ${line.addons}`);
      }
      const lines = sumOf(result.lineItems.map((line) => line.subtotal));
      ensure(compareAmounts(result.subtotal, lines) === 0, law, `subtotal ${result.subtotal} != sum of lines ${decText(lines)}`);
      const { pre, percentOff, couponOff } = result.debug.totals;
      ensure(compareAmounts(pre, sumOf([result.subtotal, result.overageCost, result.commitmentTrueUp])) === 0, law, `pre ${pre} != subtotal + overageCost + commitmentTrueUp`);
      const discounted = decMinus(decMinus(decOf(pre), decOf(percentOff)), decOf(couponOff));
      ensure(compareAmounts(discounted, result.discounted) === 0, law, `discounted ${result.discounted} != pre - percentOff - couponOff = ${decText(discounted)}`);
      ensure(compareAmounts(result.total, sumOf([result.discounted, result.tax])) === 0, law, `total ${result.total} != discounted + tax`);
    },
  };
}

/**
 * Money digits: every money string of the result has exactly the currency's minor digits
 * (USD 2, JPY 0, KWD 3) and no sign or exponent.
 * @example fc.assert(moneyDigitsLaw(calculatePlan, { currencies: ['JPY'] }))
 */
export function moneyDigitsLaw<Res extends PlanResult>(calculate: PlanCalculator<PlanRequest, Res>, knobs: PlanKnobs = {}): PricingLaw<PlanRequest> {
  return syncLaw(moneyDigitsSpec(knobs), calculate);
}

function moneyDigitsSpec(knobs: PlanKnobs): LawSpec<PlanRequest> {
  return {
    input: planArb(knobs),
    calls: (plan) => [[plan, undefined]],
    check: (plan, results) => {
      const result = nth(results, 0);
      const currency = currencyOf(plan);
      const law = 'money digits';
      ensure(result.currency === currency, law, `currency ${result.currency} != ${currency}`);
      const pattern = moneyPattern(MINOR_DIGITS[currency]);
      for (const [field, value] of moneyFields(result)) {
        ensure(pattern.test(value), law, `${field} = ${JSON.stringify(value)} does not have ${MINOR_DIGITS[currency]} minor digits of ${currency}`);
      }
    },
  };
}

/** A plan and a non-negative usage step per instance. */
export interface GrownPlan {
  plan: PlanRequest;
  steps: number[];
}

/**
 * Monotone in usage: usage' >= usage => total' >= total, on plans whose models are monotone
 * (no volume tiers; formulas only add, multiply, take min/max/ceil/floor/round, divide by constants).
 * @example fc.assert(monotoneInUsageLaw(calculatePlan))
 */
export function monotoneInUsageLaw<Res extends PlanResult>(calculate: PlanCalculator<PlanRequest, Res>, knobs: PlanKnobs = {}): PricingLaw<GrownPlan> {
  return syncLaw(monotoneSpec(knobs), calculate);
}

/** The plan with each instance's usage grown by its step. */
function grownPlan({ plan, steps }: GrownPlan): PlanRequest {
  const grown = structuredClone(plan);
  grown.instances = (plan.instances ?? []).map((instance, index): Instance => {
    const step = steps[index] ?? 0;
    const next: Instance = { ...instance };
    if (instance.usage != null) next.usage = growUsage(instance.usage, step);
    if (instance.addons != null) {
      next.addons = instance.addons.map((entry) => (entry.usage == null ? entry : { ...entry, usage: growUsage(entry.usage, step) }));
    }
    return next;
  });
  return grown;
}

function monotoneSpec(knobs: PlanKnobs): LawSpec<GrownPlan> {
  return {
    input: fc.record({
      plan: planArb({ ...knobs, ...MONOTONE }),
      steps: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: knobs.maxInstances ?? 8, maxLength: knobs.maxInstances ?? 8 }),
    }),
    calls: (input) => [
      [input.plan, undefined],
      [grownPlan(input), undefined],
    ],
    check: (_input, results) => {
      const before = nth(results, 0).total;
      const after = nth(results, 1).total;
      ensure(compareAmounts(after, before) >= 0, 'monotone in usage', `total fell from ${before} to ${after} when usage grew`);
    },
  };
}

/** A plan and an order of its instances. */
export interface ReorderedPlan {
  plan: PlanRequest;
  order: number[];
}

/**
 * Instance order: calculate(pi(instances)) has the same totals, and its line items are the
 * permuted line items (labels renumbered).
 * @example fc.assert(instanceOrderLaw(calculatePlan))
 */
export function instanceOrderLaw<Res extends PlanResult>(calculate: PlanCalculator<PlanRequest, Res>, knobs: PlanKnobs = {}): PricingLaw<ReorderedPlan> {
  return syncLaw(instanceOrderSpec(knobs), calculate);
}

function instanceOrderSpec(knobs: PlanKnobs): LawSpec<ReorderedPlan> {
  const unlabelled = ({ instanceLabel, ...line }: PlanResult['lineItems'][number]) => ({ ...line, region: instanceLabel.replace(/^instance-\d+/, '') });
  return {
    input: planArb({ minInstances: 2, ...knobs }).chain((plan) => {
      const indices = (plan.instances ?? []).map((_, index) => index);
      return fc.shuffledSubarray(indices, { minLength: indices.length, maxLength: indices.length }).map((order) => ({ plan, order }));
    }),
    calls: ({ plan, order }) => {
      const instances = plan.instances ?? [];
      return [
        [plan, undefined],
        [{ ...plan, instances: order.map((index) => instances[index] as Instance) }, undefined],
      ];
    },
    check: ({ order }, results) => {
      const { lineItems, debug: _d, ...totals } = nth(results, 0);
      const { lineItems: permutedLines, debug: _p, ...permutedTotals } = nth(results, 1);
      const law = 'instance order';
      ensure(canonical(permutedTotals) === canonical(totals), law, `totals changed: ${canonical(totals)} -> ${canonical(permutedTotals)}`);
      const expected = order.map((index) => lineItems[index]);
      ensure(
        canonical(permutedLines.map(unlabelled)) === canonical(expected.map((line) => (line === undefined ? null : unlabelled(line)))),
        law,
        'the line items are not the permuted line items',
      );
    },
  };
}

/**
 * BASIC and FULL views agree: the two results differ only in the FULL parts of `debug`
 * (cycleHours, capHours, instances, pooled), which BASIC leaves out.
 * @example fc.assert(viewsAgreeLaw(calculatePlan))
 */
export function viewsAgreeLaw<Res extends PlanResult>(calculate: PlanCalculator<PlanRequest, Res>, knobs: PlanKnobs = {}): PricingLaw<PlanRequest> {
  return syncLaw(viewsAgreeSpec(knobs), calculate);
}

function viewsAgreeSpec(knobs: PlanKnobs): LawSpec<PlanRequest> {
  return {
    input: planArb(knobs),
    calls: (plan) => [
      [plan, { view: 'BASIC' }],
      [plan, { view: 'FULL' }],
    ],
    check: (_plan, results) => {
      const law = 'views agree';
      const { debug: basicDebug, ...basicRest } = nth(results, 0);
      const { debug: fullDebug, ...fullRest } = nth(results, 1);
      ensure(canonical(basicRest) === canonical(fullRest), law, 'the results differ outside debug');
      const { cycleHours: _c, capHours: _h, instances: _i, pooled: _p, ...fullShared } = fullDebug;
      ensure(canonical(basicDebug) === canonical(fullShared), law, `BASIC debug ${canonical(basicDebug)} != FULL's shared part ${canonical(fullShared)}`);
      ensure(fullDebug.instances !== undefined, law, 'FULL debug has no instances');
    },
  };
}

/** A plan and where its commitment lies against its own fees. */
export interface CommittedPlan {
  plan: PlanRequest;
  draw: CommitmentDraw;
}

/**
 * Commitment floor: the plan is priced without a commitment, then with one drawn around its fees
 * (none, zero, below, equal, above); pre >= minimumCommitment, a true-up above zero makes pre
 * equal the commitment, and the true-up is max(0, minimumCommitment - (subtotal + overageCost)).
 * @example fc.assert(commitmentFloorLaw(calculatePlan))
 */
export function commitmentFloorLaw<Res extends PlanResult>(calculate: PlanCalculator<PlanRequest, Res>, knobs: PlanKnobs = {}): PricingLaw<CommittedPlan> {
  return syncLaw(commitmentSpec(knobs), calculate);
}

function commitmentSpec(knobs: PlanKnobs): LawSpec<CommittedPlan> {
  const uncommitted = (plan: PlanRequest) => withCommitment(plan, { kind: 'none', minor: 0 }, '0');
  const fees = (result: PlanResult) => decText(sumOf([result.subtotal, result.overageCost]));
  return {
    input: fc.record({ plan: planArb(knobs), draw: commitmentDrawArb }),
    calls: ({ plan }) => [[uncommitted(plan), undefined]],
    then: ({ plan, draw }, results) => [withCommitment(plan, draw, fees(nth(results, 0))), undefined],
    check: ({ plan, draw }, results) => {
      const law = 'commitment floor';
      const commitment = decOf(withCommitment(plan, draw, fees(nth(results, 0))).planConfig?.minimumCommitment ?? '0');
      const { commitmentTrueUp, debug } = nth(results, 1);
      const shortfall = decMinus(commitment, sumOf([nth(results, 1).subtotal, nth(results, 1).overageCost]));
      ensure(compareAmounts(debug.totals.pre, commitment) >= 0, law, `pre ${debug.totals.pre} < minimumCommitment ${decText(commitment)}`);
      ensure(compareAmounts(commitmentTrueUp, '0') === 0 || compareAmounts(debug.totals.pre, commitment) === 0, law, `true-up ${commitmentTrueUp} but pre ${debug.totals.pre} != ${decText(commitment)}`);
      ensure(compareAmounts(commitmentTrueUp, compareAmounts(shortfall, '0') > 0 ? shortfall : '0') === 0, law, `true-up ${commitmentTrueUp} != max(0, ${decText(shortfall)})`);
    },
  };
}

/** Every law's name (of the form `<law>: <formula>`) and its spec. */
function lawSpecs(knobs: PlanKnobs): [string, LawSpec<never>][] {
  const specs: [string, LawSpec<PlanRequest> | LawSpec<GrownPlan> | LawSpec<ReorderedPlan> | LawSpec<CommittedPlan>][] = [
    ['total = sum of parts: total = discounted + tax, discounted = subtotal + overageCost + commitmentTrueUp - percentOff - couponOff, subtotal = sum of lines', sumOfPartsSpec(knobs)],
    ["money digits: every amount matches ^(0|[1-9]\\d*)(\\.\\d{minor digits})?$", moneyDigitsSpec(knobs)],
    ["monotone in usage: usage' >= usage => total' >= total (monotone models)", monotoneSpec(knobs)],
    ['instance order: calculate(pi(instances)) = pi(calculate(instances))', instanceOrderSpec(knobs)],
    ['views agree: BASIC = FULL without its per-instance parts', viewsAgreeSpec(knobs)],
    ['commitment floor: pre >= minimumCommitment, commitmentTrueUp > 0 => pre = minimumCommitment, commitmentTrueUp = max(0, minimumCommitment - (subtotal + overageCost))', commitmentSpec(knobs)],
  ];
  return specs as unknown as [string, LawSpec<never>][];
}

/**
 * Every law, by a name of the form `<law>: <formula>`, ready for a test per entry.
 * @example for (const [name, law] of Object.entries(pricingLaws(calculatePlan))) it(name, () => fc.assert(law))
 */
export function pricingLaws<Res extends PlanResult>(
  calculate: PlanCalculator<PlanRequest, Res>,
  knobs: PlanKnobs = {},
): Record<string, fc.IProperty<[unknown]>> {
  return Object.fromEntries(lawSpecs(knobs).map(([name, spec]) => [name, syncLaw(spec, calculate) as fc.IProperty<[unknown]>]));
}

/**
 * Every law for an asynchronous calculator (an HTTP client of the API, say), by the same
 * names; run each with `await fc.assert(law)`.
 * @example for (const [name, law] of Object.entries(pricingLawsAsync(client.calculate))) it(name, () => fc.assert(law))
 */
export function pricingLawsAsync<Res extends PlanResult>(
  calculate: AsyncPlanCalculator<PlanRequest, Res>,
  knobs: PlanKnobs = {},
): Record<string, fc.IAsyncProperty<[unknown]>> {
  return Object.fromEntries(lawSpecs(knobs).map(([name, spec]) => [name, asyncLaw(spec, calculate) as fc.IAsyncProperty<[unknown]>]));
}
