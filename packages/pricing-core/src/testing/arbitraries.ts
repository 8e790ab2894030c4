import fc from 'fast-check';
import type { PricingModel, ProductType, TierMode } from '../constants.js';
import type { CalcConfig, DecimalString, Instance, NumberLike, PlanRequest, Price, Tier, Usage } from '../request/types.js';
import { decCompare, decMinus, decOf, decPlus, decText } from '../money/decimal.js';

/** Metric names the generated plans meter. */
export const METRICS = ['cpu', 'requests', 'transfer'] as const;
/** Add-on codes the generated plans sell. */
export const ADDON_CODES = ['backup', 'ipv4', 'monitoring'] as const;
/** Currencies the generated plans use, one per number of minor digits. */
export const CURRENCIES = ['USD', 'JPY', 'KWD'] as const;

export type Currency = (typeof CURRENCIES)[number];
/** Minor digits of the generated currencies (ISO 4217). */
export const MINOR_DIGITS: Readonly<Record<Currency, number>> = { USD: 2, JPY: 0, KWD: 3 };

/** The models a generated price may use. */
export type GeneratedModel = Exclude<PricingModel, 'PRICING_MODEL_UNSPECIFIED'>;

/** What the generated plans may contain. */
export interface PlanOptions {
  /** Models a price may use. */
  models: readonly GeneratedModel[];
  /** Product types a price may have. */
  productTypes: readonly ProductType[];
  /** Whether TIERED prices may use volume mode. */
  volume: boolean;
  /** `monotone` keeps formulas nondecreasing in every variable (no `if`, no subtraction). */
  formulas: 'any' | 'monotone';
  /** `none`: metered prices carry no free units; `unprorated`: free units only without prorate. */
  freeUnits: 'any' | 'none' | 'unprorated';
  /** Whether `calcConfig.capHours` is always, never or sometimes set. */
  capHours: 'any' | 'set' | 'unset';
  /** Whether instances always carry an explicit `hoursUsed` (>= 1) and `quantity` (>= 1). */
  explicitHoursAndQuantity: boolean;
  /** Whether discounts, coupons, taxes, overage rates and min/max charges may appear. */
  adjustments: boolean;
  minInstances: number;
  maxInstances: number;
  currencies: readonly Currency[];
}

/** Everything allowed. */
export const ANY_PLAN: PlanOptions = {
  models: [
    'PRICING_MODEL_FLAT',
    'PRICING_MODEL_PER_UNIT',
    'PRICING_MODEL_PACKAGE',
    'PRICING_MODEL_TIERED',
    'PRICING_MODEL_FORMULA',
  ],
  productTypes: ['PRODUCT_TYPE_BASE', 'PRODUCT_TYPE_ADDON', 'PRODUCT_TYPE_USAGE'],
  volume: true,
  formulas: 'any',
  freeUnits: 'any',
  capHours: 'any',
  explicitHoursAndQuantity: false,
  adjustments: true,
  minInstances: 0,
  maxInstances: 4,
  currencies: CURRENCIES,
};

/** Writes `n / 10^scale` as a plain decimal string. */
export function toDecimal(n: number, scale: number): DecimalString {
  if (scale === 0) return `${n}`;
  const digits = String(n).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}` as DecimalString;
}

/** A non-negative decimal string up to `maxMajor` with at most `maxScale` decimals. */
export function decimalArb(maxMajor: number, maxScale: number): fc.Arbitrary<DecimalString> {
  return fc
    .integer({ min: 0, max: maxScale })
    .chain((scale) =>
      fc.integer({ min: 0, max: maxMajor * 10 ** scale }).map((n) => toDecimal(n, scale)),
    );
}

/** A money amount: mostly small, with up to 5 decimals (the rules allow 12). */
const amountArb: fc.Arbitrary<DecimalString> = fc.oneof(
  decimalArb(20, 2),
  decimalArb(5, 5),
  decimalArb(500, 0),
);

/** A non-negative JSON number with at most two decimals. */
const usageNumberArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: 0, max: 2000 }),
  fc.integer({ min: 0, max: 50_000 }).map((n) => n / 100),
);

const usageArrayArb = fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 5 });

/** An instance's (or add-on's) usage: a bare number, an array or a metric map. */
export const usageArb: fc.Arbitrary<Usage> = fc.oneof(
  usageNumberArb,
  usageArrayArb,
  fc.dictionary(fc.constantFrom(...METRICS), fc.oneof(usageNumberArb, usageArrayArb), {
    maxKeys: 3,
  }),
);

const LEAF_VARS = ['units', 'quantity', 'hours', 'cycleHours', 'unitAmount', 'freeUnits'] as const;

/**
 * A formula over the price's variables. `monotone` formulas only add, multiply, take
 * min/max/ceil/floor/round and divide by positive constants, so they never decrease when
 * a variable grows; the others may also subtract (clamped at 0) and branch.
 */
export function formulaArb(monotone: boolean, depth = 3): fc.Arbitrary<string> {
  const constant = fc.oneof(decimalArb(20, 2), decimalArb(1, 3));
  const leaf = fc.oneof(constant, fc.constantFrom(...LEAF_VARS));
  let expr: fc.Arbitrary<string> = leaf;
  for (let level = 0; level < depth; level += 1) {
    const sub = expr;
    const divisor = fc.constantFrom('3', '7', '12', '0.5', '1000');
    const branches: fc.Arbitrary<string>[] = [
      leaf,
      fc.tuple(sub, sub).map(([a, b]) => `(${a} + ${b})`),
      fc.tuple(sub, sub).map(([a, b]) => `${a} * ${b}`),
      fc.tuple(sub, sub).map(([a, b]) => `min(${a}, ${b})`),
      fc.tuple(sub, sub).map(([a, b]) => `max(${a}, ${b})`),
      sub.map((a) => `ceil(${a})`),
      sub.map((a) => `floor(${a})`),
      fc.tuple(sub, divisor).map(([a, d]) => `(${a}) / ${d}`),
      fc.tuple(sub, fc.integer({ min: 0, max: 3 })).map(([a, dp]) => `round(${a}, ${dp})`),
    ];
    if (!monotone) {
      branches.push(
        fc.tuple(sub, sub).map(([a, b]) => `max(0, ${a} - ${b})`),
        fc
          .tuple(sub, fc.constantFrom('>', '>=', '<', '<=', '==', '!='), sub, sub, sub)
          .map(([a, op, b, c, d]) => `if(${a} ${op} ${b}, ${c}, ${d})`),
      );
    }
    expr = fc.oneof(...branches);
  }
  return expr.filter((formula) => formula.length <= 1000);
}

/** Tiers from 0, contiguous, the last open; array order shuffled, `tierOrder` set or not. */
export function tiersArb(
  mode: TierMode,
  unitAmount: fc.Arbitrary<DecimalString>,
  flatFees: 'any' | 'none',
): fc.Arbitrary<Tier[]> {
  const tier = fc.record({
    width: fc.integer({ min: 1, max: 60 }),
    unitAmount,
    flatFeeAmount: flatFees === 'any' ? fc.option(amountArb, { nil: undefined }) : fc.constant(undefined),
  });
  return fc
    .tuple(
      fc.array(tier, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
    )
    .chain(([specs, ordered, explicitMode, zeroEnd]) => {
      let start = 0;
      const tiers = specs.map((spec, index): Tier => {
        const last = index === specs.length - 1;
        const end = start + spec.width;
        const t: Tier = { unitAmount: spec.unitAmount };
        if (ordered) t.tierOrder = index + 1;
        if (start !== 0 || index % 2 === 1) t.startInclusive = start;
        if (!last) t.endExclusive = end;
        else if (zeroEnd) t.endExclusive = 0;
        if (spec.flatFeeAmount !== undefined) {
          t.flatFee = true;
          t.flatFeeAmount = spec.flatFeeAmount;
        }
        if (mode === 'TIER_MODE_VOLUME' || explicitMode) t.tierType = mode;
        start = end;
        return t;
      });
      return fc.shuffledSubarray(tiers, { minLength: tiers.length, maxLength: tiers.length });
    });
}

const PERIODS = [
  'BILLING_PERIOD_HOURLY',
  'BILLING_PERIOD_DAILY',
  'BILLING_PERIOD_WEEKLY',
  'BILLING_PERIOD_MONTHLY',
  'BILLING_PERIOD_YEARLY',
] as const;
const AGGREGATIONS = [
  'METRIC_AGGREGATION_SUM',
  'METRIC_AGGREGATION_MAX',
  'METRIC_AGGREGATION_COUNT',
  'METRIC_AGGREGATION_LATEST',
  'METRIC_AGGREGATION_AVERAGE',
  'METRIC_AGGREGATION_UNIQUE_COUNT',
] as const;

/** Drops keys whose value is `undefined`, so the JSON shape is what a client sends. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined),
  ) as T;
}

const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arb, { nil: undefined, freq: 2 });

/** The model-specific fields of a price. */
function modelFieldsArb(
  model: GeneratedModel,
  metered: boolean,
  options: PlanOptions,
): fc.Arbitrary<Partial<Price>> {
  switch (model) {
    case 'PRICING_MODEL_FLAT':
      return fc.record({ unitAmount: amountArb });
    case 'PRICING_MODEL_PER_UNIT':
      return fc
        .record({
          unitAmount: amountArb,
          unitQuantity: opt(fc.constantFrom(0, 1, 3, 1000)),
          overagePrice: metered ? opt(amountArb) : fc.constant(undefined),
        })
        .map(compact);
    case 'PRICING_MODEL_PACKAGE':
      return fc.record({ packageSize: fc.integer({ min: 1, max: 100 }), packagePrice: amountArb });
    case 'PRICING_MODEL_TIERED': {
      const modes: TierMode[] = options.volume
        ? ['TIER_MODE_GRADUATED', 'TIER_MODE_VOLUME']
        : ['TIER_MODE_GRADUATED'];
      return fc
        .constantFrom(...modes)
        .chain((mode) => tiersArb(mode, amountArb, 'any'))
        .map((tiers) => ({ tiers }));
    }
    case 'PRICING_MODEL_FORMULA':
      return fc
        .record({
          pricingFormula: formulaArb(options.formulas === 'monotone'),
          unitAmount: opt(amountArb),
        })
        .map(compact);
  }
}

/** A valid price of the given product type. */
export function priceArb(
  productType: ProductType,
  options: PlanOptions,
  fixed: { metricName?: string; addonCode?: string } = {},
): fc.Arbitrary<Price> {
  const meteredArb =
    productType === 'PRODUCT_TYPE_USAGE' ? fc.constant(true) : fc.boolean();
  return fc
    .tuple(fc.constantFrom(...options.models), meteredArb)
    .chain(([model, metered]) =>
      fc.record({
        model: modelFieldsArb(model, metered, options),
        productType:
          productType === 'PRODUCT_TYPE_BASE'
            ? fc.constantFrom<ProductType | undefined>(undefined, 'PRODUCT_TYPE_BASE')
            : fc.constant(productType),
        metricName: metered
          ? fixed.metricName !== undefined
            ? fc.constant(fixed.metricName)
            : fc.constantFrom(...METRICS)
          : fc.constant(undefined),
        metricAggregation: metered ? opt(fc.constantFrom(...AGGREGATIONS)) : fc.constant(undefined),
        freeUnits:
          metered && options.freeUnits !== 'none'
            ? opt(fc.integer({ min: 0, max: 500 }))
            : fc.constant(undefined),
        prorate: opt(fc.boolean()),
        billingPeriod: opt(fc.constantFrom(...PERIODS)),
        billingInterval: opt(fc.integer({ min: 1, max: 3 })),
        charges: options.adjustments ? chargeBoundsArb : fc.constant({}),
        chargeTiming: opt(fc.constantFrom('CHARGE_TIMING_IN_ADVANCE', 'CHARGE_TIMING_IN_ARREARS')),
      }).map((p): Price => {
        const price: Price = compact({
          productType: p.productType,
          addonCode: fixed.addonCode,
          pricingModel: model,
          ...p.model,
          metricName: p.metricName,
          metricAggregation: p.metricAggregation,
          freeUnits: p.freeUnits,
          prorate: p.prorate,
          billingPeriod: p.billingPeriod,
          billingInterval: p.billingInterval,
          ...p.charges,
          chargeTiming: p.chargeTiming,
        });
        if (options.freeUnits === 'unprorated' && price.freeUnits !== undefined) {
          delete price.prorate;
        }
        return price;
      }),
    );
}

/** Optional minimum and maximum charges with max >= min. */
const chargeBoundsArb: fc.Arbitrary<Pick<Price, 'minimumCharge' | 'maximumCharge'>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: decimalArb(30, 2).map((minimumCharge) => ({ minimumCharge })) },
  { weight: 1, arbitrary: decimalArb(300, 2).map((maximumCharge) => ({ maximumCharge })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 30_000 }))
      .map(([min, extra]) => ({ minimumCharge: toDecimal(min, 2), maximumCharge: toDecimal(min + extra, 2) })),
  },
);

/** An instance whose add-on entries use the given codes. */
export function instanceArb(codes: readonly string[], options: PlanOptions): fc.Arbitrary<Instance> {
  const addonUsage = fc.oneof(fc.integer({ min: 1, max: 5 }), usageArrayArb, usageArb.filter((u) => typeof u === 'object'));
  const addonEntry =
    codes.length === 0
      ? fc.constant(undefined)
      : fc.array(
          fc.record({ code: fc.constantFrom(...codes), usage: opt(addonUsage) }).map(compact),
          { maxLength: 3 },
        );
  const explicit = options.explicitHoursAndQuantity;
  return fc
    .record({
      quantity: explicit
        ? fc.integer({ min: 1, max: 5 })
        : opt(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0.5, 1.5, 2.25))),
      hoursUsed: explicit
        ? fc.oneof(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 2, max: 1800 }).map((n) => n / 2))
        : opt(fc.oneof(fc.integer({ min: 0, max: 900 }), fc.constantFrom(0.5, 336.5, 729.9))),
      region: opt(fc.constantFrom('nyc3', 'fra1', 'sgp1')),
      usage: opt(usageArb),
      addons: codes.length === 0 ? fc.constant(undefined) : opt(addonEntry),
    })
    .map((i) => compact(i) as Instance);
}

/** A currency as a client might spell it. */
function currencySpellingArb(currency: Currency): fc.Arbitrary<string | undefined> {
  return currency === 'USD'
    ? fc.constantFrom<string | undefined>(undefined, 'USD', 'usd')
    : fc.constantFrom(currency, currency.toLowerCase());
}

/** The `calcConfig` of a plan whose USAGE prices meter `usageMetrics`. */
function calcConfigArb(
  currency: Currency,
  usageMetrics: readonly string[],
  options: PlanOptions,
): fc.Arbitrary<CalcConfig> {
  const capHours =
    options.capHours === 'unset'
      ? fc.constant(undefined)
      : options.capHours === 'set'
        ? fc.oneof(fc.constantFrom(672, 730, 744), fc.integer({ min: 1, max: 1000 }))
        : opt(fc.oneof(fc.constantFrom(0, 672, 744), fc.integer({ min: 1, max: 1000 })));
  if (!options.adjustments) return fc.record({ capHours }).map(compact);
  const digits = MINOR_DIGITS[currency];
  return fc
    .record({
      capHours,
      overageRates:
        usageMetrics.length === 0
          ? fc.constant(undefined)
          : opt(fc.subarray([...usageMetrics]).chain((ms) =>
              fc.tuple(...ms.map(() => fc.oneof(fc.constant('0'), amountArb))).map((rates) =>
                Object.fromEntries(ms.map((m, i) => [m, rates[i] ?? '0'])),
              ),
            )),
      discountPercent: opt(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1000 }).map((n) => n / 10))),
      couponValue: opt(
        fc.tuple(decimalArb(50, digits), fc.constantFrom('', '0', '00')).map(([v, zeros]) =>
          (zeros !== '' && !v.includes('.') ? `${v}.${zeros}` : `${v}${zeros}`) as DecimalString,
        ),
      ),
      taxRate: opt(fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000)),
    })
    .map(compact);
}

/** A valid request drawn according to `options` (merged over {@link ANY_PLAN}). */
export function planArb(partial: Partial<PlanOptions> = {}): fc.Arbitrary<PlanRequest> {
  const options: PlanOptions = { ...ANY_PLAN, ...partial };
  const allows = (t: ProductType) => options.productTypes.includes(t);
  return fc
    .record({
      currency: fc.constantFrom(...options.currencies),
      base: allows('PRODUCT_TYPE_BASE')
        ? fc.array(priceArb('PRODUCT_TYPE_BASE', options), { maxLength: 3 })
        : fc.constant<Price[]>([]),
      addons: allows('PRODUCT_TYPE_ADDON')
        ? fc.array(
            fc.constantFrom(...ADDON_CODES).chain((code) =>
              priceArb('PRODUCT_TYPE_ADDON', options, { addonCode: code }),
            ),
            { maxLength: 3 },
          )
        : fc.constant<Price[]>([]),
      usageMetrics: allows('PRODUCT_TYPE_USAGE')
        ? fc.subarray<string>([...METRICS], { maxLength: 2 })
        : fc.constant<string[]>([]),
    })
    .chain(({ currency, base, addons, usageMetrics }) =>
      fc
        .record({
          spelling: currencySpellingArb(currency),
          usage: fc.tuple(
            ...usageMetrics.map((metricName) => priceArb('PRODUCT_TYPE_USAGE', options, { metricName })),
          ),
          instances: fc.array(
            instanceArb(
              [...new Set(addons.map((p) => p.addonCode ?? ''))],
              options,
            ),
            { minLength: options.minInstances, maxLength: options.maxInstances },
          ),
          calcConfig: calcConfigArb(currency, usageMetrics, options),
          minimumCommitment: options.adjustments ? opt(fc.oneof(fc.constant('0'), decimalArb(200, MINOR_DIGITS[currency]))) : fc.constant(undefined),
        })
        .chain(({ spelling, usage, instances, calcConfig, minimumCommitment }) => {
          const prices = [...base, ...addons, ...usage];
          return fc
            .shuffledSubarray(prices, { minLength: prices.length, maxLength: prices.length })
            .map((shuffled): PlanRequest =>
              compact({
                planConfig: compact({ currency: spelling, prices: shuffled, minimumCommitment }),
                instances,
                calcConfig,
              }),
            );
        }),
    );
}

/** Where a plan's minimum commitment lies against its own fees (subtotal + overageCost); `minor` is the distance in minor units. */
export interface CommitmentDraw {
  readonly kind: 'none' | 'zero' | 'below' | 'equal' | 'above';
  readonly minor: number;
}

/** A commitment drawn around a plan's fees: none, zero, below, equal or above them. */
export const commitmentDrawArb: fc.Arbitrary<CommitmentDraw> = fc.record({
  kind: fc.constantFrom('none', 'zero', 'below', 'equal', 'above'),
  minor: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 100_000 })),
});

/**
 * The plan with the commitment `draw` puts around `fees` (its subtotal + overageCost priced
 * without one); below fees smaller than the distance is zero.
 * @example withCommitment(plan, { kind: 'above', minor: 5 }, '10.00').planConfig?.minimumCommitment // '10.05'
 */
export function withCommitment(plan: PlanRequest, draw: CommitmentDraw, fees: string): PlanRequest {
  const digits = MINOR_DIGITS[currencyOf(plan)];
  const distance = decOf(toDecimal(draw.minor, digits));
  const below = decCompare(decOf(fees), distance) > 0 ? decMinus(decOf(fees), distance) : decOf(0);
  const amounts = { none: undefined, zero: '0', below: decText(below), equal: fees, above: decText(decPlus(decOf(fees), distance)) };
  return { ...plan, planConfig: compact({ ...plan.planConfig, minimumCommitment: amounts[draw.kind] as DecimalString | undefined }) };
}

/** The currency a request's result is in. */
export function currencyOf(request: PlanRequest): Currency {
  const code = (request.planConfig?.currency ?? 'USD').toUpperCase();
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : 'USD';
}

/** Adds `delta` to every number of a usage value (every element of an array alike). */
export function growUsage(usage: Usage, delta: number): Usage {
  // NOTE: the sum is taken exactly: 0.07 + 3 in floats is 3.0700000000000003, which has more
  // decimal places than a request may carry.
  const grow = (n: NumberLike): number => Number(decText(decPlus(decOf(n), decOf(delta))));
  if (typeof usage !== 'object') return grow(usage);
  if (Array.isArray(usage)) return usage.map(grow);
  const map = usage as { readonly [metric: string]: NumberLike | readonly NumberLike[] };
  return Object.fromEntries(Object.entries(map).map(([m, v]) => [m, typeof v === 'object' ? v.map(grow) : grow(v)]));
}

/**
 * A plan whose only prices are pooled USAGE prices that are subadditive: PER_UNIT, PACKAGE
 * and graduated tiers with non-increasing unit amounts and a flat fee on the first tier only.
 * Every amount has at most the currency's minor digits and every usage is an integer, so no
 * amount is rounded and pooled and per-instance costs compare exactly.
 */
export function pooledPlanArb(): fc.Arbitrary<PlanRequest> {
  return fc.constantFrom(...CURRENCIES).chain((currency) => {
    const digits = MINOR_DIGITS[currency];
    const minor = fc.integer({ min: 0, max: 5 * 10 ** digits });
    const money = minor.map((n) => toDecimal(n, digits));
    const model: fc.Arbitrary<Partial<Price>> = fc.oneof(
      fc.record({ pricingModel: fc.constant('PRICING_MODEL_PER_UNIT' as const), unitAmount: money, overagePrice: opt(money) }).map(compact),
      fc.record({
        pricingModel: fc.constant('PRICING_MODEL_PACKAGE' as const),
        packageSize: fc.integer({ min: 1, max: 50 }),
        packagePrice: money,
      }),
      fc
        .tuple(
          fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), minor), { minLength: 1, maxLength: 4 }),
          opt(money),
        )
        .map(([specs, firstFee]): Partial<Price> => {
          const amounts = specs.map(([, amount]) => amount).sort((a, b) => b - a);
          let start = 0;
          const tiers = specs.map(([width], index): Tier => {
            const tier: Tier = { startInclusive: start, unitAmount: toDecimal(amounts[index] ?? 0, digits) };
            if (index < specs.length - 1) tier.endExclusive = start + width;
            if (index === 0 && firstFee !== undefined) {
              tier.flatFee = true;
              tier.flatFeeAmount = firstFee;
            }
            start += width;
            return tier;
          });
          return { pricingModel: 'PRICING_MODEL_TIERED', tiers };
        }),
    );
    const bounds = fc.oneof(
      fc.constant({}),
      money.map((minimumCharge) => ({ minimumCharge })),
      fc
        .tuple(minor, minor)
        .map(([a, b]) => ({ minimumCharge: toDecimal(a, digits), maximumCharge: toDecimal(a + b, digits) })),
    );
    const aggregation = opt(
      fc.constantFrom(
        'METRIC_AGGREGATION_SUM',
        'METRIC_AGGREGATION_MAX',
        'METRIC_AGGREGATION_COUNT',
        'METRIC_AGGREGATION_LATEST',
        'METRIC_AGGREGATION_UNIQUE_COUNT',
      ),
    );
    return fc.subarray([...METRICS], { minLength: 1 }).chain((metrics) =>
      fc
        .record({
          prices: fc.tuple(
            ...metrics.map((metricName) =>
              fc
                .record({ model, bounds, aggregation, freeUnits: opt(fc.integer({ min: 0, max: 300 })), prorate: opt(fc.boolean()) })
                .map(({ model: fields, bounds: b, aggregation: metricAggregation, freeUnits, prorate }) =>
                  compact({
                    productType: 'PRODUCT_TYPE_USAGE' as const,
                    metricName,
                    metricAggregation,
                    freeUnits,
                    prorate,
                    ...b,
                    ...fields,
                  }) as Price,
                ),
            ),
          ),
          instances: fc.array(
            fc
              .record({
                quantity: opt(fc.integer({ min: 1, max: 3 })),
                usage: fc.dictionary(
                  fc.constantFrom(...metrics),
                  fc.oneof(fc.integer({ min: 0, max: 400 }), fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 4 })),
                ),
              })
              .map(compact),
            { minLength: 1, maxLength: 5 },
          ),
          overageRates: opt(
            fc.tuple(...metrics.map(() => opt(money))).map((rates) =>
              Object.fromEntries(metrics.flatMap((m, i) => (rates[i] === undefined ? [] : [[m, rates[i]]]))),
            ),
          ),
        })
        .map(({ prices, instances, overageRates }): PlanRequest =>
          compact({
            planConfig: { currency, prices },
            instances,
            calcConfig: overageRates === undefined ? undefined : { overageRates },
          }),
        ),
    );
  });
}
