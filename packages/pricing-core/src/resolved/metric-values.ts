import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';

/** The value of one metric in a usage map: a number, or an array of numbers. */
export type MetricValue = Reading | readonly Decimal[];
