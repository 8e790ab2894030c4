import { MESSAGES } from '../errors/messages.js';
import type { BigValue } from './big.js';
import { Dec } from './big.js';
import type { Decimal } from './decimal.js';
import { fromBig } from './decimal.js';
import { decimalOfNumber, MAX_DECIMAL_TEXT } from './parse.js';

/** Places after the point of a big.js value (trailing zeros do not count). */
const placesOf = (x: BigValue): number => Math.max(0, x.c.length - x.e - 1);

/** Every number of a request is below 10^MAX_MAGNITUDE_EXPONENT in magnitude. */
export const MAX_MAGNITUDE_EXPONENT = 15;
/** Every number of a request has at most this many decimal places (trailing zeros do not count). */
export const MAX_INPUT_DECIMALS = 12;

// NOTE: the text is checked before big.js sees it. big.js stores a value's digits in an array
// as long as its exponent, so "1e-999999999" (which `Number()` reads as a finite 0) would make
// it allocate a billion digits. A plain decimal of at most MAX_DECIMAL_TEXT characters, or a
// JSON number whose exponent is first checked to be small, costs microseconds.
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const PLAIN_MONEY = /^-?(\d+(\.\d*)?|\.\d+)$/;
const EXPONENT = /e([+-]?\d+)$/;

/** The kind of a field: a number (quantity, hours, usage, bounds, rates) or a money amount. */
export type NumberKind = 'number' | 'money';

/**
 * Reads a numeric or money field within the request bounds: a finite JSON number (through
 * `String(n)`), or a string holding a plain decimal (numbers may carry a sign; money only a
 * minus, which the caller reports as negative); below 10^15 in magnitude, and for numbers at
 * most 12 decimal places. Returns the decimal, or the sentence saying which bound is broken.
 * @example readBounded('1e-999999999', 'number') // the plain-decimal sentence, found without big.js
 */
export function readBounded(value: number | string, kind: NumberKind): Decimal | string {
  let parsed: BigValue;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return MESSAGES.number;
    // NOTE: safe integers below the bound print without an exponent and need no other check.
    if (Number.isSafeInteger(value) && Math.abs(value) < 1e15) return decimalOfNumber(value);
    const text = String(value);
    const exponent = EXPONENT.exec(text);
    if (exponent !== null) {
      const e = Number(exponent[1]);
      if (e >= MAX_MAGNITUDE_EXPONENT) return MESSAGES.outOfRange;
      // NOTE: a mantissa has at least one digit, so 1e-13 already has 13 decimal places.
      if (e < -MAX_INPUT_DECIMALS) return MESSAGES.maxDecimals(MAX_INPUT_DECIMALS);
    }
    parsed = new Dec(String(value));
  } else {
    const plain = kind === 'number' ? PLAIN_NUMBER : PLAIN_MONEY;
    if (value.length > MAX_DECIMAL_TEXT || !plain.test(value)) return kind === 'number' ? MESSAGES.plainNumber : MESSAGES.moneyFormat;
    parsed = new Dec(value.startsWith('+') ? value.slice(1) : value);
  }
  if (parsed.c[0] !== 0 && parsed.e >= MAX_MAGNITUDE_EXPONENT) return MESSAGES.outOfRange;
  if (kind === 'number' && placesOf(parsed) > MAX_INPUT_DECIMALS) return MESSAGES.maxDecimals(MAX_INPUT_DECIMALS);
  return fromBig(parsed);
}
