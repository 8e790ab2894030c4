import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMajorAmount, minorToMajor, shiftLeft } from './money.js';
import { paddleMinorDigits } from './providers/paddle/currency.js';
import { stripeMinorDigits } from './providers/stripe/currency.js';

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
  ])('minorToMajor(%j, %s, stripe) = %s', (minor, currency, major) => {
    expect(minorToMajor(minor, currency, stripeMinorDigits)).toBe(major);
  });

  it('refuses what is not an exact amount or a known currency', () => {
    expect(minorToMajor(1.5, 'USD', stripeMinorDigits)).toBeUndefined();
    expect(minorToMajor(2 ** 60, 'USD', stripeMinorDigits)).toBeUndefined();
    expect(minorToMajor('1e3', 'USD', stripeMinorDigits)).toBeUndefined();
    expect(minorToMajor('', 'USD', paddleMinorDigits)).toBeUndefined();
    expect(minorToMajor(null, 'USD', paddleMinorDigits)).toBeUndefined();
    expect(minorToMajor('120', 'XYZ1', stripeMinorDigits)).toBeUndefined();
  });

  it('validates major amounts', () => {
    expect(['0', '12', '1.20', '0.015'].every(isMajorAmount)).toBe(true);
    expect(['-1', '1.', '.5', '1e2', '1,20', ' 1'].some(isMajorAmount)).toBe(false);
  });
});

describe("Stripe's own table, not ISO's or Intl's", () => {
  // NOTE: the zero-decimal list as docs.stripe.com/currencies gives it, UGX excepted (a special case).
  it.each(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])(
    'zero-decimal %s: 100000 is 100000',
    (currency) => {
      expect(minorToMajor(100000, currency.toLowerCase(), stripeMinorDigits)).toBe('100000');
    },
  );

  it.each(['BHD', 'JOD', 'KWD', 'OMR', 'TND'])('three-decimal %s: 100000 is 100.000', (currency) => {
    expect(minorToMajor(100000, currency.toLowerCase(), stripeMinorDigits)).toBe('100.000');
  });

  // NOTE: Intl says 0 digits for HUF, ISK, IDR, COP, UGX, IQD and 3 for LYD; Stripe sends two.
  it.each(['HUF', 'ISK', 'TWD', 'UGX', 'IDR', 'COP', 'IQD', 'LYD', 'USD', 'EUR', 'GBP', 'INR', 'MXN'])(
    'two-decimal %s: 100000 is 1000.00',
    (currency) => {
      expect(minorToMajor(100000, currency.toLowerCase(), stripeMinorDigits)).toBe('1000.00');
    },
  );

  it("HUF unit_amount 100000 is '1000.00' (Stripe's two-decimal HUF)", () => {
    expect(minorToMajor(100000, 'huf', stripeMinorDigits)).toBe('1000.00');
    expect(stripeMinorDigits('HUF')).toBe(2);
  });
});

describe("Paddle's own table", () => {
  it.each(['JPY', 'KRW'])('%s is sent in whole units: "100000" is 100000', (currency) => {
    expect(minorToMajor('100000', currency, paddleMinorDigits)).toBe('100000');
  });

  it.each(['USD', 'EUR', 'HUF', 'TWD', 'COP', 'VND', 'INR', 'IDR', 'ISK', 'KWD'])(
    '%s is sent in hundredths: "100000" is 1000.00',
    (currency) => {
      expect(minorToMajor('100000', currency, paddleMinorDigits)).toBe('1000.00');
    },
  );
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
