import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BigValue } from './big.js';
import { Dec } from './big.js';
import { decCompare, decMinus, decPlus, decText, decTimes, fromBig, isPacked } from './decimal.js';
import { kOf, mOf, pack, PACKED_MAX, packedCompare, packedProduct, packedSum } from './packed.js';

// The packed form is the one fast form of a decimal and of SMALL: each operation either answers
// exactly what big.js answers, or answers NaN so that its caller takes the exact path.
const mantissa = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -PACKED_MAX, max: PACKED_MAX }));
const packed = fc.tuple(mantissa, fc.integer({ min: 0, max: 15 })).map(([m, k]) => pack(m, k));
const bigOf = (p: number): BigValue => new Dec(mOf(p)).div(new Dec(10).pow(kOf(p)));

describe('packed decimals', () => {
  it('packs m / 10^k into 16m + k, and refuses what does not fit', () => {
    expect(pack(123, 1)).toBe(123 * 16 + 1);
    expect(pack(-5, 2)).toBe(-5 * 16 + 2);
    expect([mOf(pack(-5, 2)), kOf(pack(-5, 2))]).toEqual([-5, 2]);
    expect(pack(PACKED_MAX + 1, 0)).toBeNaN();
    expect(pack(1, 16)).toBeNaN();
  });

  it('exact or NaN: packedSum, packedProduct and packedCompare equal big.js whenever they answer', () => {
    let answered = 0;
    fc.assert(
      fc.property(packed, packed, (a, b) => {
        const [x, y] = [bigOf(a), bigOf(b)];
        const checks: [number, () => boolean][] = [
          [packedSum(a, b, 1), () => bigOf(packedSum(a, b, 1)).eq(x.plus(y))],
          [packedSum(a, b, -1), () => bigOf(packedSum(a, b, -1)).eq(x.minus(y))],
          [packedProduct(a, b), () => bigOf(packedProduct(a, b)).eq(x.times(y))],
          [packedCompare(a, b), () => packedCompare(a, b) === x.cmp(y)],
        ];
        for (const [value, equal] of checks) {
          if (Number.isNaN(value)) continue;
          answered += 1;
          expect(equal()).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    // NOTE: the law says something only if the fast form ran: at least a quarter of the checks
    // (products of two large mantissas leave the form; small ones stay).
    expect(answered).toBeGreaterThan(2000);
  });

  it('a decimal is packed when it fits and big.js otherwise, with the same value either way', () => {
    fc.assert(
      fc.property(packed, packed, (a, b) => {
        const [x, y] = [fromBig(bigOf(a)), fromBig(bigOf(b))];
        expect(isPacked(x)).toBe(true);
        expect(decText(decPlus(x, y))).toBe(bigOf(a).plus(bigOf(b)).toString());
        expect(decText(decMinus(x, y))).toBe(bigOf(a).minus(bigOf(b)).toString());
        expect(decText(decTimes(x, y))).toBe(bigOf(a).times(bigOf(b)).toString());
        expect(decCompare(x, y)).toBe(bigOf(a).cmp(bigOf(b)));
      }),
      { numRuns: 2000 },
    );
    expect(isPacked(fromBig(new Dec('1234567890123456')))).toBe(false);
    expect(isPacked(fromBig(new Dec('0.0000000000000001')))).toBe(false);
  });
});
