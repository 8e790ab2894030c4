import { MESSAGES } from '../errors/messages.js';
import type { ParsedPlanConfig } from '../limits.js';
import { currencyMinorDigits, normalizeCurrency, refusedCurrencyMessage } from '../money/currency.js';
import { ZERO } from '../money/decimal.js';
import type { PLAN_CONFIG_FIELDS } from '../request/fields.js';
import type { PlanTerms, ResolvedPlan, ResolvedPrice } from '../resolved/resolved-plan.js';
import type { PriceListSize } from './check-limits.js';
import type { Violations } from './collector.js';
import type { Fields } from './read-fields.js';
import type { PriceFields } from './resolve-price.js';
import { resolvePrice } from './resolve-price.js';
import { readMoney, readText } from './read.js';
import type { UsageKeyGuard } from './usage-keys.js';
import { usageKeyGuard } from './usage-keys.js';

/** The prices by product type, ADDON prices by code. */
export type PriceSplit = Pick<ResolvedPlan, 'basePrices' | 'addonPrices' | 'usagePrices'>;

/**
 * Splits prices by product type, ADDON prices by their code, each in input order.
 * @example splitOf(prices).basePrices // the BASE prices
 */
export function splitOf(prices: readonly ResolvedPrice[]): PriceSplit {
  const addonPrices = new Map<string, ResolvedPrice[]>();
  for (const price of prices) {
    if (price.productType !== 'ADDON' || price.addonCode === null) continue;
    const list = addonPrices.get(price.addonCode) ?? [];
    list.push(price);
    addonPrices.set(price.addonCode, list);
  }
  return { basePrices: prices.filter((p) => p.productType === 'BASE'), addonPrices, usagePrices: prices.filter((p) => p.productType === 'USAGE') };
}

/**
 * A `planConfig` read and checked: what pricing needs of it, the same for every request priced
 * with it (nothing in it depends on `calcConfig` or the instances).
 */
export class PlanConfigParts implements ParsedPlanConfig {
  constructor(
    /** Upper-case currency code. */
    readonly currency: string,
    /** Minor digits of the currency. */
    readonly minorDigits: number,
    /** Every price in input order, before `calcConfig.overageRates` applies. */
    readonly prices: readonly ResolvedPrice[],
    /** USAGE metrics and the index of their price. */
    readonly usageMetrics: ReadonlyMap<string, number>,
    /** What the typo guard compares usage maps with, and the ADDON codes (`guard.codes`). */
    readonly guard: UsageKeyGuard,
    /** The same prices by product type. */
    readonly split: PriceSplit,
    /** The size the request limits read. */
    readonly size: PriceListSize,
    /** The totals' terms of the plan: `minimumCommitment`, zero when none. */
    readonly terms: PlanTerms,
  ) {}

  get priceCount(): number {
    return this.prices.length;
  }
}

/**
 * Checks the rules of a `planConfig` read by the walk: its currency (reported to `currencyRules`)
 * and each price and its minimum commitment (to `rules`; a second USAGE price of a metric is a
 * violation), and resolves it.
 * @example resolvePlanConfig(walked, size, v, v).currency // 'EUR', for the planConfig { currency: 'eur' }
 */
export function resolvePlanConfig(planConfig: Fields<typeof PLAN_CONFIG_FIELDS> | undefined, size: PriceListSize, currencyRules: Violations, rules: Violations): PlanConfigParts {
  const code = readText(planConfig?.currency) ?? 'USD';
  const currency = normalizeCurrency(code);
  if (currency === undefined) currencyRules.add(['planConfig', 'currency'], refusedCurrencyMessage(code));
  const minorDigits = currencyMinorDigits(currency ?? 'USD');
  const typed = planConfig?.prices ?? [];
  const prices: ResolvedPrice[] = [];
  const usageMetrics = new Map<string, number>();
  typed.forEach((raw: PriceFields | undefined, index) => {
    if (raw === undefined) return;
    const metric = readText(raw.metricName);
    if (raw.productType === 'PRODUCT_TYPE_USAGE' && metric !== undefined) {
      const first = usageMetrics.get(metric);
      if (first === undefined) usageMetrics.set(metric, index);
      else rules.add(['planConfig', 'prices', index, 'metricName'], MESSAGES.duplicateUsageMetric(metric, first));
    }
    const price = resolvePrice(raw, index, rules);
    if (price !== undefined) prices.push(price);
  });
  const commitment = readMoney(planConfig?.minimumCommitment, ['planConfig'], 'minimumCommitment', rules, { maxDecimals: minorDigits, decimalsMessage: () => MESSAGES.couponDecimals(currency ?? 'USD', minorDigits) });
  // NOTE: the guard is read from every price as the walk read it, so it holds when a price has other errors.
  return new PlanConfigParts(currency ?? 'USD', minorDigits, prices, usageMetrics, usageKeyGuard(typed), splitOf(prices), size, { minimumCommitment: commitment ?? ZERO });
}
