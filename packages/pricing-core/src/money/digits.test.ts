import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, divRound, ROUND_DOWN, ROUND_HALF_UP, ROUND_UP } from './big.js';
import { divRoundByInteger, fixedText, smallIntegerOf } from './digits.js';
import { decOf, fromBig } from './decimal.js';
import { fractionText } from './fraction-text.js';
import { rat, reduce, toText } from './rational.js';

const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }))
  .map(([negative, digits, scale]) => {
    const text = digits.toString().padStart(scale + 1, '0');
    const body = scale === 0 ? text : `${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`;
    return `${negative ? '-' : ''}${body}`;
  });
const divisor = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 2 ** 40 - 1 }));
const mode = fc.constantFrom(ROUND_DOWN, ROUND_HALF_UP, ROUND_UP);

describe('examples', () => {
  it('rounds the exact quotient: 0.06 / 12 -> 0.01, 1 / 3 -> 0.33, 2 / 3 -> 0.67', () => {
    expect(divRoundByInteger(new Dec('0.06'), 12, 2, ROUND_HALF_UP).toString()).toBe('0.01');
    expect(divRoundByInteger(new Dec(1), 3, 2, ROUND_HALF_UP).toString()).toBe('0.33');
    expect(divRoundByInteger(new Dec(2), 3, 2, ROUND_HALF_UP).toString()).toBe('0.67');
    expect(divRoundByInteger(new Dec('99.995'), 1, 2, ROUND_HALF_UP).toString()).toBe('100');
  });
  it('prints fixed text like toFixed', () => {
    expect(fixedText(new Dec('12.3'), 2)).toBe('12.30');
    expect(fixedText(new Dec('0.05'), 2)).toBe('0.05');
    expect(fixedText(new Dec('1e21'), 2)).toBe('1000000000000000000000.00');
    expect(fixedText(new Dec('473'), 0)).toBe('473');
  });
});

describe('properties', () => {
  it('short division equals big.js: divRoundByInteger(n, d, dp, rm) = divRound(n, d, dp, rm)', () => {
    fc.assert(
      fc.property(decimalText, divisor, fc.integer({ min: 0, max: 12 }), mode, (n, d, dp, rm) => {
        const expected = divRound(new Dec(n), new Dec(d), dp, rm);
        const actual = divRoundByInteger(new Dec(n), d, dp, rm);
        expect(actual.eq(expected)).toBe(true);
        expect([actual.toString(), actual.c.join(''), actual.e]).toEqual([expected.toString(), expected.c.join(''), expected.e]);
      }),
      { numRuns: 3000 },
    );
  });
  it('fixed text equals big.js: fixedText(x, dp) = x.toFixed(dp) for x with at most dp decimals', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 12 }), (text, dp) => {
        const x = new Dec(text).round(dp, ROUND_HALF_UP);
        expect(fixedText(x, dp)).toBe(x.toFixed(dp));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('small integers', () => {
  it('reads whole divisors below 10^12 only', () => {
    expect([smallIntegerOf(new Dec(672)), smallIntegerOf(new Dec('1e3')), smallIntegerOf(new Dec('2.5')), smallIntegerOf(new Dec('1e12'))]).toEqual([
      672,
      1000,
      undefined,
      undefined,
    ]);
  });
});

/** `toText` as it was before the small-denominator path: a 40-place division, then BigInt lowest terms. */
function generalText(n: InstanceType<typeof Dec>, d: InstanceType<typeof Dec>): string {
  const q = n.div(d);
  if (q.times(d).eq(n)) return q.toString();
  const lowest = reduce(rat(fromBig(n), fromBig(d)));
  return `${lowest.n.toString()}/${lowest.d.toString()}`;
}

describe('fraction text', () => {
  it('examples: 1/3, 0.06/12 = 0.005, 8400/672 = 12.5, 5/6', () => {
    expect(fractionText(new Dec(1), new Dec(3))).toBe('1/3');
    expect(fractionText(new Dec('0.06'), new Dec(12))).toBe('0.005');
    expect(fractionText(new Dec(8400), new Dec(672))).toBe('12.5');
    expect(fractionText(new Dec(10), new Dec(12))).toBe('5/6');
    expect(toText(rat(decOf(-1), decOf(3)))).toBe('-1/3');
  });
  it('same text as the general path: fractionText(n, d) = generalText(n, d)', () => {
    fc.assert(
      fc.property(decimalText, fc.oneof(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2 ** 30 })), (n, d) => {
        const expected = generalText(new Dec(n), new Dec(d));
        const actual = fractionText(new Dec(n), new Dec(d)) ?? expected;
        // A negative zero prints as 0 here (big.js would print -0; amounts are never negative).
        expect(actual).toBe(expected === '-0' ? '0' : expected);
      }),
      { numRuns: 3000 },
    );
  });
});
