import type { Decimal } from '../money/decimal.js';
import { decCompare, decOf, decPlus, decText, ZERO } from '../money/decimal.js';
import type { Rational } from '../money/rational.js';
import { R0, rat } from '../money/rational.js';
import type { Aggregation, ResolvedUsage } from '../resolved/resolved-plan.js';

/**
 * Aggregates an array of usage numbers; an empty array is 0.
 * @example aggregate([1, 2, 2].map((n) => new Dec(n)), 'UNIQUE_COUNT') // 2
 */
export function aggregate(values: readonly Decimal[], aggregation: Aggregation): Rational {
  if (values.length === 0) return R0;
  switch (aggregation) {
    case 'SUM':
      return rat(sum(values));
    case 'MAX':
      return rat(values.reduce((a, b) => (decCompare(b, a) > 0 ? b : a)));
    case 'COUNT':
      return rat(decOf(values.length));
    case 'LATEST':
      return rat(values[values.length - 1] ?? ZERO);
    case 'AVERAGE':
      // NOTE: kept as an exact fraction; 1, 1, 2 averages to 4/3, not 1.333...
      return rat(sum(values), decOf(values.length));
    case 'UNIQUE_COUNT':
      return rat(decOf(new Set(values.map(decText)).size));
  }
}

function sum(values: readonly Decimal[]): Decimal {
  let total = ZERO;
  for (const value of values) total = decPlus(total, value);
  return total;
}

/**
 * The usage of `metric` in a usage value: a bare number or array stands for the metric of
 * the price reading it; a map is looked up (an absent metric is 0).
 * @example usageOf({ kind: 'number', value: new Dec(5) }, 'cpu', 'SUM') // 5
 */
export function usageOf(usage: ResolvedUsage, metric: string, aggregation: Aggregation): Rational {
  switch (usage.kind) {
    case 'none':
      return R0;
    case 'number':
      return rat(usage.value);
    case 'series':
      return aggregate(usage.values, aggregation);
    case 'map': {
      const entry = usage.entries.get(metric);
      if (entry === undefined) return R0;
      return Array.isArray(entry) ? aggregate(entry, aggregation) : rat(entry as Decimal);
    }
  }
}
