import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from './did-you-mean.js';

/** The textbook full-table optimal-string-alignment distance, uncut, as a reference. */
function referenceDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('editDistance', () => {
  it.each([
    ['unitAmmount', 'unitAmount', 1],
    ['discountPrecent', 'discountPercent', 1],
    ['taxrate', 'taxRate', 1],
    ['unit_amount', 'unitAmount', 2],
    ['qty', 'quantity', 3],
    ['', 'code', 3],
    ['code', 'code', 0],
    [`${'a'.repeat(100)}bc`, `${'a'.repeat(100)}cb`, 1],
  ])('%s -> %s is %i (3 means "more than 2")', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });
  it('cut-off distance agrees with the full table: editDistance(a, b) = min(reference(a, b), 3)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistance(a, b)).toBe(Math.min(referenceDistance(a, b), 3));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('closestName', () => {
  it('suggests the nearest known name within two edits, the first on a tie, none beyond', () => {
    expect(closestName('unitAmmount', ['unitName', 'unitAmount'])).toBe('unitAmount');
    expect(closestName('tierTyp', ['tierType', 'tierName'])).toBe('tierType');
    expect(closestName('cod', ['code', 'usage'])).toBe('code');
    expect(closestName('qty', ['quantity', 'hoursUsed'])).toBeUndefined();
    expect(closestName('x'.repeat(10_000), ['quantity'])).toBeUndefined();
  });
  it('offers a known name that an unknown one of three or more characters begins, when none is within two edits', () => {
    expect(closestName('hours', ['quantity', 'hoursUsed'])).toBe('hoursUsed');
    expect(closestName('discount', ['discountPercent', 'couponValue'])).toBe('discountPercent');
    // Within two edits wins over a longer name it begins.
    expect(closestName('codes', ['codeName', 'code'])).toBe('code');
    expect(closestName('ho', ['hoursUsed'])).toBeUndefined();
    expect(closestName('hours', ['quantity'])).toBeUndefined();
  });
});
