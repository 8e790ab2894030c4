import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decOf } from './decimal.js';
import { roundedJsonNumber } from './json-number.js';
import { toJsonNumber } from './parse.js';
import { rat, roundTo } from './rational.js';

const RUNS = 20 * Number(process.env.PRICING_PROPERTY_RUNS ?? 150);

/** Whole numbers up to 2^53 - 1, with short and long ones and the edges drawn often. */
const whole = (max: number) => fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max }), fc.constantFrom(0, 1, max, max - 1));

describe('roundedJsonNumber', () => {
  it('same number as the decimal path: roundedJsonNumber(n / d) = toJsonNumber(roundTo(n / d, 20))', () => {
    const divisor = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 2 ** 20 }), fc.constantFrom(672, 730, 2 ** 19, 2 ** 19 + 1));
    fc.assert(
      fc.property(whole(Number.MAX_SAFE_INTEGER), divisor, (n, d) => {
        const a = rat(decOf(n), decOf(d));
        expect(Object.is(roundedJsonNumber(a), toJsonNumber(roundTo(a, 20)))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('examples: just below a whole number, rounding up in the 20th place, halves, decimals, negative', () => {
    const cases: [string, string][] = [['999999999999999', '1'], ['2', '3'], ['1', '2'], ['524287', '524288'], ['524288', '524289'], ['1', '7'], ['0.5', '3'], ['-7', '672'], ['1', '0.3']];
    for (const [n, d] of cases) {
      const a = rat(decOf(n), decOf(d));
      expect(Object.is(roundedJsonNumber(a), toJsonNumber(roundTo(a, 20)))).toBe(true);
    }
  });
});
