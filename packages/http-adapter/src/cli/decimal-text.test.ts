import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subtractDecimals } from './decimal-text.js';
import { maskSecret } from './config-check.js';

/** `n / 10^scale` as plain decimal text, written with BigInt (the reference). */
const text = (n: bigint, scale: number) => {
  const digits = (n < 0n ? -n : n).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return n < 0n ? `-${body}` : body;
};

describe('subtractDecimals', () => {
  it('examples: money strings of the same or different scales', () => {
    expect(subtractDecimals('24.00', '20.50')).toBe('3.50');
    expect(subtractDecimals('1.5', '2.25')).toBe('-0.75');
    expect(subtractDecimals('100', '0.001')).toBe('99.999');
    expect(subtractDecimals('-3.20', '-3.20')).toBe('0.00');
  });

  it('exact difference: subtractDecimals(x/10^s, y/10^s) = (x - y)/10^s', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), (x, y, s) => {
        expect(subtractDecimals(text(x, s), text(y, s))).toBe(text(x - y, s));
      }),
    );
  });
});

describe('maskSecret', () => {
  it('keeps the kind prefix and the length, never a character of the secret itself', () => {
    expect(maskSecret('whsec_abcdef0123')).toBe('whsec_**** (16 chars)');
    expect(maskSecret('s3cr3t-value')).toBe('**** (12 chars)');
  });
});
