import { MESSAGES } from '../errors/messages.js';
import type { BigValue } from './big.js';
import { Dec } from './big.js';
import type { Decimal } from './decimal.js';
import { fromBig, scaledDecimal } from './decimal.js';
import { POW10 } from './packed.js';
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
 * A plain decimal text (already checked against its pattern) read straight into the fast form when
 * it has at most 15 significant digits, is below the magnitude bound and within the places bound;
 * undefined otherwise (and when the exact path is forced), for big.js to read and judge.
 * NOTE: the common amounts ("10.00", "0.0125", 0.2) then never make a big.js value; the digits
 * read are the same ones big.js keeps (leading zeros and trailing fraction zeros dropped).
 */
function shortDecimal(text: string, kind: NumberKind): Decimal | undefined {
  const sign = text.charCodeAt(0);
  const body = sign === 45 || sign === 43 ? text.slice(1) : text;
  const point = body.indexOf('.');
  let whole = point === -1 ? body : body.slice(0, point);
  let fraction = point === -1 ? '' : body.slice(point + 1);
  let start = 0;
  while (start < whole.length && whole.charCodeAt(start) === 48) start += 1;
  whole = whole.slice(start);
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1;
  fraction = fraction.slice(0, end);
  // NOTE: 15 digits in all also keeps the value below 10^15 (the magnitude bound).
  if (whole.length + fraction.length > 15) return undefined;
  if (kind === 'number' && fraction.length > MAX_INPUT_DECIMALS) return undefined;
  const digits = whole + fraction;
  const int = digits === '' ? 0 : Number(digits);
  return scaledDecimal(sign === 45 ? -int : int, fraction.length);
}

/**
 * A JSON number that is not whole, with at most 12 places, read as `String(n)` writes it,
 * without writing it; undefined otherwise (for the general reader).
 * NOTE: a decimal `m x 10^-k` with |m| <= 10^15 is the only one of k places that rounds to
 * its double (their spacing, 10^-k, is above the double's, |x| x 2^-52), and the rounded
 * product `x x 10^k` finds m (its error is below m x 2^-52 < 0.5). The first k that reads back
 * is the fewest places, so the shortest text: `String(n)`, which costs more than this loop.
 */
export function shortNumber(value: number): Decimal | undefined {
  const k = shortPlaces(value);
  return k < 0 ? undefined : scaledDecimal(Math.round(value * (POW10[k] as number)), k);
}

/**
 * The places of `String(n)` for a JSON number that is not whole and has a short form (see
 * `shortNumber`), else -1; nothing is made.
 * @example shortPlaces(12.25) // 2
 */
export function shortPlaces(value: number): number {
  for (let k = 1; k <= MAX_INPUT_DECIMALS; k += 1) {
    const scale = POW10[k] as number;
    const int = Math.round(value * scale);
    if (int > SHORT_LIMIT || int < -SHORT_LIMIT) return -1;
    if (int / scale === value) return k;
  }
  return -1;
}
const SHORT_LIMIT = 1e15;

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
    const short = shortNumber(value);
    if (short !== undefined) return short;
    const text = String(value);
    const exponent = EXPONENT.exec(text);
    if (exponent !== null) {
      const e = Number(exponent[1]);
      if (e >= MAX_MAGNITUDE_EXPONENT) return MESSAGES.outOfRange;
      // NOTE: a mantissa has at least one digit, so 1e-13 already has 13 decimal places.
      if (e < -MAX_INPUT_DECIMALS) return MESSAGES.floatNumber(text, kind === 'money');
    }
    // NOTE: a JSON number has at most 12 places whatever its kind: more is a binary fraction's text.
    const fast = exponent === null ? shortDecimal(text, 'number') : undefined;
    if (fast !== undefined) return fast;
    parsed = new Dec(text);
  } else {
    const plain = kind === 'number' ? PLAIN_NUMBER : PLAIN_MONEY;
    if (value.length > MAX_DECIMAL_TEXT || !plain.test(value)) return kind === 'number' ? MESSAGES.plainNumber : moneyFormatMessage(value);
    const fast = shortDecimal(value, kind);
    if (fast !== undefined) return fast;
    parsed = new Dec(value.startsWith('+') ? value.slice(1) : value);
  }
  if (parsed.c[0] !== 0 && parsed.e >= MAX_MAGNITUDE_EXPONENT) return MESSAGES.outOfRange;
  if (typeof value === 'number' && placesOf(parsed) > MAX_INPUT_DECIMALS) return MESSAGES.floatNumber(String(value), kind === 'money');
  if (kind === 'number' && placesOf(parsed) > MAX_INPUT_DECIMALS) return MESSAGES.maxDecimals(MAX_INPUT_DECIMALS);
  return fromBig(parsed);
}

/**
 * The sentence for a money text that is not a plain decimal, naming what is wrong when it is
 * a decimal written for people: a currency sign or code ("5$", "USD 5"), a decimal comma
 * ("10,50") or thousands separators ("1,000.50").
 * @example moneyFormatMessage('10,50') // '"10,50" has a decimal comma; send money as a decimal string with a point, like "10.50".'
 */
export function moneyFormatMessage(text: string): string {
  // The number between what precedes and follows it: "$", "USD ", " EUR" around "5".
  const [, before = '', bare = text, after = ''] = /^([^\d.,+-]*)([\d.,+-]+)([^\d.,+-]*)$/.exec(text) ?? [];
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return MESSAGES.thousandsSeparator(text, bare.replace(/,/g, ''));
  if (/^\d+,\d+$/.test(bare)) return MESSAGES.decimalComma(text, bare.replace(',', '.'));
  return (before + after).trim() !== '' && PLAIN_MONEY.test(bare) ? MESSAGES.currencySign(text, bare) : MESSAGES.moneyFormat;
}
