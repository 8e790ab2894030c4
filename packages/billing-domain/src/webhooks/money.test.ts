import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMajorAmount, minorToMajor, shiftLeft } from './money.js';

describe('examples', () => {
  it.each([
    ['120', 'USD', '1.20'],
    [120, 'usd', '1.20'],
    ['5', 'USD', '0.05'],
    ['0', 'USD', '0.00'],
    ['1200', 'EUR', '12.00'],
    ['500', 'JPY', '500'],
    ['1234', 'KWD', '1.234'],
    ['1.5', 'USD', '0.015'],
    ['150.000000000', 'USD', '1.50'],
    ['007', 'USD', '0.07'],
    ['-120', 'USD', '-1.20'],
    ['90071992547409931234', 'USD', '900719925474099312.34'],
  ])('minorToMajor(%j, %s) = %s', (minor, currency, major) => {
    expect(minorToMajor(minor, currency)).toBe(major);
  });

  it('refuses what is not an exact amount or a known currency', () => {
    expect(minorToMajor(1.5, 'USD')).toBeUndefined();
    expect(minorToMajor(2 ** 60, 'USD')).toBeUndefined();
    expect(minorToMajor('1e3', 'USD')).toBeUndefined();
    expect(minorToMajor('', 'USD')).toBeUndefined();
    expect(minorToMajor(null, 'USD')).toBeUndefined();
    expect(minorToMajor('120', 'XYZ1')).toBeUndefined();
  });

  it('validates major amounts', () => {
    expect(['0', '12', '1.20', '0.015'].every(isMajorAmount)).toBe(true);
    expect(['-1', '1.', '.5', '1e2', '1,20', ' 1'].some(isMajorAmount)).toBe(false);
  });
});

describe('properties', () => {
  const digitsArb = fc.integer({ min: 0, max: 4 });
  const minorArb = fc.bigInt({ min: 0n, max: 10n ** 24n });

  it('exactness: shiftLeft(m, d) * 10^d = m for integer m', () => {
    fc.assert(
      fc.property(minorArb, digitsArb, (minor, digits) => {
        const major = shiftLeft(minor.toString(), digits) ?? 'x';
        const [whole = '', fraction = ''] = major.split('.');
        return fraction.length === digits && BigInt(whole + fraction) === minor;
      }),
      { numRuns: 300 },
    );
  });

  it('order: m1 < m2 => major(m1) < major(m2) as decimals', () => {
    fc.assert(
      fc.property(minorArb, minorArb, (a, b) => {
        const toCents = (value: bigint) => BigInt((shiftLeft(value.toString(), 2) ?? '').replace('.', ''));
        return (a < b) === (toCents(a) < toCents(b));
      }),
      { numRuns: 200 },
    );
  });
});
