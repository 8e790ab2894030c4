import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainDecimal, toPlainJson } from './plain-json.js';

describe('examples: plainDecimal', () => {
  it.each([
    [1e-7, '0.0000001'],
    [1.25e-7, '0.000000125'],
    [-3e-9, '-0.000000003'],
    [1e21, '1000000000000000000000'],
    [1.5e21, '1500000000000000000000'],
    [123.45, '123.45'],
    [0, '0'],
    [-0, '0'],
    [0.000001, '0.000001'],
  ])('%s -> %s', (n, text) => {
    expect(plainDecimal(n)).toBe(text);
  });
});

describe('laws: plainDecimal', () => {
  it('reads back: Number(plainDecimal(n)) === n, with no exponent', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = plainDecimal(n);
        expect(text).not.toMatch(/e/i);
        expect(Number(text)).toBe(n === 0 ? 0 : n);
      }),
    );
  });

  it('same as JSON.stringify when no number has an exponent: toPlainJson(v) === JSON.stringify(v)', () => {
    fc.assert(
      fc.property(fc.jsonValue().filter((v) => !/\d[eE]/.test(JSON.stringify(v)) && !JSON.stringify(v).includes('-0')), (v) => {
        expect(toPlainJson(v)).toBe(JSON.stringify(v));
      }),
    );
  });
});

describe('examples: toPlainJson', () => {
  it('writes result numbers without exponent, strings untouched, undefined left out', () => {
    const value = { quantity: 1e-7, pooled: { cpu: 2.5e-8 }, discountPercent: 1e21, note: '1e-7', gone: undefined, list: [1e-7, undefined] };
    const text = toPlainJson(value);
    expect(text).toBe('{"quantity":0.0000001,"pooled":{"cpu":0.000000025},"discountPercent":1000000000000000000000,"note":"1e-7","list":[0.0000001,null]}');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
  });
  it('text that only looks like an exponent (inside a string) comes out as JSON.stringify writes it', () => {
    const value = { note: 'rate 1e-7 per unit', label: '2E+5', amount: 1.5 };
    expect(toPlainJson(value)).toBe(JSON.stringify(value));
  });

  it('a number needing an exponent among many plain ones is still written plain', () => {
    const value = { items: Array.from({ length: 50 }, (_, i) => ({ n: i + 0.5 })), tiny: 3e-9 };
    expect(toPlainJson(value)).toBe(JSON.stringify(value).replace('3e-9', '0.000000003'));
  });
});
