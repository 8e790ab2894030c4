import { describe, expect, it } from 'vitest';
import { decOf, decSign } from './decimal.js';
import { formatMoney, roundMoney } from './format.js';
import { decimalPlaces, parseMoney, parseNumeric } from './parse.js';
import { add, ceil, cmp, div, mul, R1, rat, reduce, roundTo, sub, toText } from './rational.js';

const r = (n: string, d = '1') => rat(decOf(n), decOf(d));

describe('rational', () => {
  it('keeps thirds exact: 1/3 * 3 = 1', () => {
    expect(cmp(mul(div(R1, r('3')), r('3')), R1)).toBe(0);
  });
  it('adds unlike denominators exactly: 1/3 + 1/6 = 1/2', () => {
    expect(toText(add(r('1', '3'), r('1', '6')))).toBe('0.5');
  });
  it('subtracts to negative values', () => {
    expect(toText(sub(r('1'), r('5', '2')))).toBe('-1.5');
  });
  it('divides by a negative rational keeping a positive denominator', () => {
    const q = div(r('1'), r('-4'));
    expect(decSign(q.d) > 0).toBe(true);
    expect(toText(q)).toBe('-0.25');
  });
  it('prints a non-terminating fraction as n/d', () => {
    expect(toText(r('1', '3'))).toBe('1/3');
  });
  it('reduces to lowest terms, decimals included', () => {
    const reduced = reduce(r('0.6', '0.4'));
    expect([reduced.n.toString(), reduced.d.toString()]).toEqual(['3', '2']);
  });
  it('ceils toward positive infinity', () => {
    expect([ceil(r('-3', '2')).toString(), ceil(r('3', '2')).toString()]).toEqual(['-1', '2']);
  });
  it('rounds the exact fraction, not a truncated quotient: 0.06/12 -> 0.01', () => {
    expect(roundTo(r('0.06', '12'), 2).toString()).toBe('0.01');
  });
  it('rounds half-up: 0.125 -> 0.13, 0.124999 -> 0.12', () => {
    expect(roundMoney(r('0.125'), 2).toString()).toBe('0.13');
    expect(roundMoney(r('0.124999'), 2).toString()).toBe('0.12');
  });
});

describe('money format', () => {
  it('prints exactly the minor digits, never an exponent', () => {
    expect(formatMoney(decOf('12.3'), 2)).toBe('12.30');
    expect(formatMoney(decOf('473'), 0)).toBe('473');
    expect(formatMoney(decOf('12.345'), 3)).toBe('12.345');
    expect(formatMoney(decOf('1e-7'), 2)).toBe('0.00');
    expect(formatMoney(decOf('1e21'), 2)).toBe('1000000000000000000000.00');
  });
  it('never prints a negative zero', () => {
    expect(formatMoney(decOf('-0.001'), 2)).toBe('0.00');
  });
});

describe('parsing', () => {
  it('reads JSON numbers through their shortest text: 0.1 is exactly 0.1', () => {
    expect(parseNumeric(0.1)?.toString()).toBe('0.1');
    expect(parseNumeric(1e21)?.toString()).toBe('1000000000000000000000');
  });
  it('accepts numeric strings and rejects junk and overflow', () => {
    expect(parseNumeric('2.5e3')?.toString()).toBe('2500');
    expect(parseNumeric('abc')).toBeUndefined();
    expect(parseNumeric('1e999')).toBeUndefined();
  });
  it('accepts plain decimal money strings only', () => {
    expect(parseMoney('12.30')?.toString()).toBe('12.3');
    expect(parseMoney('1e3')).toBeUndefined();
    expect(parseMoney(' 1')).toBeUndefined();
  });
  it('counts decimals without trailing zeros', () => {
    expect(decimalPlaces(decOf('10.000'))).toBe(0);
    expect(decimalPlaces(decOf('0.000000000001'))).toBe(12);
  });
});
