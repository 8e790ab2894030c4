import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moneyFormatMessage, readBounded } from './bounds.js';
import { decText } from './decimal.js';
import { MESSAGES } from '../errors/messages.js';
import { MAX_DECIMAL_TEXT } from './parse.js';

const LIMIT = new Big('1e15');
const places = (x: Big): number => Math.max(0, x.c.length - x.e - 1);
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[-+ ]?\d{0,17}(\.\d{0,14})?([eE][-+]?\d{1,10})?$/),
  fc.constantFrom('1e-999999999', '1e300', '-0', '.5', '5.', '0x10', 'Infinity', 'NaN', ''),
);
const number = fc.oneof(fc.double({ noNaN: true }), fc.integer(), fc.constantFrom(1e-7, 1e-13, 1e15, 999999999999999, 5e-324));

/** The rule of readBounded written on big.js alone: the reference its short readers are held to. */
function readOnBig(value: number | string, kind: 'number' | 'money'): string {
  let parsed: Big;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return MESSAGES.number;
    const exponent = /e([+-]?\d+)$/.exec(String(value));
    if (exponent !== null && Number(exponent[1]) >= 15) return MESSAGES.outOfRange;
    if (exponent !== null && Number(exponent[1]) < -12) return MESSAGES.floatNumber(String(value), kind === 'money');
    parsed = new Big(String(value));
  } else {
    const plain = kind === 'number' ? /^[+-]?(\d+(\.\d*)?|\.\d+)$/ : /^-?(\d+(\.\d*)?|\.\d+)$/;
    if (value.length > MAX_DECIMAL_TEXT || !plain.test(value)) return kind === 'number' ? MESSAGES.plainNumber : moneyFormatMessage(value);
    parsed = new Big(value.replace(/^\+/, ''));
  }
  if (parsed.c[0] !== 0 && parsed.e >= 15) return MESSAGES.outOfRange;
  // A JSON number has at most 12 places whatever the field; a string, only a number field's.
  if (typeof value === 'number' && places(parsed) > 12) return MESSAGES.floatNumber(String(value), kind === 'money');
  if (kind === 'number' && places(parsed) > 12) return MESSAGES.maxDecimals(12);
  return parsed.eq(0) ? '0' : parsed.toFixed();
}

describe('readBounded', () => {
  it('bounded reading: readBounded(x) is a decimal with |d| < 10^15 and <= 12 places, or a sentence naming a bound', () => {
    fc.assert(
      fc.property(fc.oneof(text, number), fc.constantFrom('number' as const, 'money' as const), (value, kind) => {
        const read = readBounded(value, kind);
        if (typeof read === 'string') {
          expect(read).toMatch(/10\^15|decimal places|plain decimal|finite number|decimal string/);
          return;
        }
        const exact = new Big(read.toString());
        expect(exact.abs().lt(LIMIT)).toBe(true);
        if (kind === 'number') expect(places(exact)).toBeLessThanOrEqual(12);
        // A JSON number reads as its shortest text; a string as itself.
        expect(exact.eq(new Big(typeof value === 'number' ? String(value) : value.replace(/^\+/, '')))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('law: readBounded reads the same value, or gives the same sentence, as the rule written on big.js alone', () => {
    const padded = fc
      .tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^0{0,3}\d{0,17}$/), fc.stringMatching(/^\d{0,16}0{0,4}$/), fc.boolean())
      .map(([sign, whole, fraction, point]) => `${sign}${whole}${point || fraction !== '' ? '.' : ''}${fraction}`);
    // Near the bounds: 11 to 14 places, 13 to 17 significant digits, 15 and 16 whole digits.
    const edges = fc
      .tuple(fc.constantFrom('', '-'), fc.stringMatching(/^[1-9]\d{0,2}$|^[1-9]\d{14,15}$|^0$/), fc.stringMatching(/^\d{11,14}$/), fc.constantFrom('', '0', '000'))
      .map(([sign, whole, fraction, zeros]) => `${sign}${whole}.${fraction}${zeros}`);
    // JSON numbers with a few places below 1000 (0.2, 0.0725, -12.5): read without writing them.
    const short = fc
      .tuple(fc.oneof(fc.integer({ min: -999_999, max: 999_999 }), fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 })), fc.integer({ min: 0, max: 14 }))
      .map(([digits, places]) => digits / 10 ** places);
    fc.assert(
      fc.property(fc.oneof(text, number, padded, edges, edges.map(Number), short), fc.constantFrom('number' as const, 'money' as const), (value, kind) => {
        const fast = readBounded(value, kind);
        expect(typeof fast === 'string' ? fast : decText(fast)).toBe(readOnBig(value, kind));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a JSON number through its exponent when it is small, and refuses strings with one', () => {
    expect(String(readBounded(1e-7, 'number'))).toBe('0.0000001');
    expect(String(readBounded(1.5e-11, 'money'))).toBe('0.000000000015');
    // NOTE: a JSON number has at most 12 places whatever the field; more reads as a binary fraction's text.
    expect(readBounded(1.5e-12, 'money')).toMatch(/^The JSON number 1\.5e-12 has more than 12 decimal places/);
    expect(readBounded('1e-7', 'number')).toMatch(/plain decimal/);
    expect(readBounded(1e21, 'number')).toMatch(/10\^15/);
  });
});
