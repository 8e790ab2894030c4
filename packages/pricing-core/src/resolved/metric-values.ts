import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';

/** The value of one metric in a usage map: a number, or an array of numbers. */
export type MetricValue = Reading | readonly Decimal[];

const INDEX_ABOVE = 8;

/**
 * Usage values by metric name. A usage map names a few metrics, so the names are searched in
 * order (no hash table per instance); a map with many names gets an index.
 * @example new MetricValues(['cpu'], [new Dec(5)]).get('cpu')?.toString() // '5'
 */
export class MetricValues {
  private readonly index: Map<string, number> | null;

  /** `names` and `values` are parallel; an `undefined` value means the metric is absent. */
  constructor(
    private readonly names: readonly string[],
    private readonly values: readonly (MetricValue | undefined)[],
  ) {
    this.index = names.length > INDEX_ABOVE ? new Map(names.map((name, i) => [name, i])) : null;
  }

  /** The value of a metric, or `undefined` when the map does not have it. */
  get(name: string): MetricValue | undefined {
    if (this.index !== null) {
      const i = this.index.get(name);
      return i === undefined ? undefined : this.values[i];
    }
    for (let i = 0; i < this.names.length; i += 1) if (this.names[i] === name) return this.values[i];
    return undefined;
  }
}
