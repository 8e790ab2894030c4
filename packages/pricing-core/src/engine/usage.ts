import type { Calculator, Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { decOf, decText } from '../money/decimal.js';
import type { Aggregation, ResolvedUsage } from '../resolved/resolved-plan.js';

/**
 * Aggregates an array of usage numbers; an empty array is 0.
 * @example aggregate(EXACT, [1, 2, 2].map(decOf), 'UNIQUE_COUNT') // 2
 */
export function aggregate<V>(c: Calculator<V>, values: readonly Decimal[], aggregation: Aggregation): V {
  if (values.length === 0) return c.zero;
  switch (aggregation) {
    case 'SUM':
      return sum(c, values);
    case 'MAX': {
      let top = c.dec(values[0] as Decimal);
      for (let i = 1; i < values.length; i += 1) {
        const x = c.dec(values[i] as Decimal);
        if (c.compare(x, top) > 0) top = x;
      }
      return top;
    }
    case 'COUNT':
      return c.dec(decOf(values.length));
    case 'LATEST':
      return c.dec(values[values.length - 1] as Decimal);
    case 'AVERAGE':
      // NOTE: kept as an exact fraction; 1, 1, 2 averages to 4/3, not 1.333...
      return c.quotient(sum(c, values), c.dec(decOf(values.length)));
    case 'UNIQUE_COUNT':
      return c.dec(decOf(new Set(values.map(decText)).size));
    default: {
      const unreachable: never = aggregation;
      return unreachable;
    }
  }
}

function sum<V>(c: Calculator<V>, values: readonly Decimal[]): V {
  let total = c.zero;
  for (const value of values) total = c.add(total, c.dec(value));
  return total;
}

/**
 * The usage of `metric` in a usage value: a bare number or array stands for the metric of
 * the price reading it; a map is looked up (an absent metric is 0).
 * @example usageOf(EXACT, { kind: 'number', value: decOf(5) }, 'cpu', 'SUM') // 5
 */
export function usageOf<V>(c: Calculator<V>, usage: ResolvedUsage, metric: string, aggregation: Aggregation): V {
  switch (usage.kind) {
    case 'none':
      return c.zero;
    case 'number':
      return c.reading(usage.value);
    case 'series':
      return aggregate(c, usage.values, aggregation);
    case 'map': {
      const entry = usage.metrics.get(metric);
      if (entry === undefined) return c.zero;
      return Array.isArray(entry) ? aggregate(c, entry as readonly Decimal[], aggregation) : c.reading(entry as Reading);
    }
  }
}
