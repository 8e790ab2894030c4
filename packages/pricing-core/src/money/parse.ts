import { Dec } from './big.js';
import type { Decimal } from './decimal.js';
import { decText, fromBig, scaledDecimal } from './decimal.js';

export { decimalPlaces } from './decimal.js';

/** Longest decimal text accepted; a bound that keeps hostile input cheap. */
export const MAX_DECIMAL_TEXT = 100;

/** Largest exponent `parseNumeric` reads in a string (a double's range ends near 1e308 and 5e-324). */
const MAX_TEXT_EXPONENT = 400;

const NUMERIC_TEXT = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const PLAIN_DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses a numeric text without the request bounds (fields are read through `readBounded`):
 * a finite JSON number through its shortest text (`String(n)`, so
 * 0.1 is exactly 0.1), or a numeric string; `undefined` when it is not a finite number.
 * @example parseNumeric(0.1)?.toString() // '0.1'
 */
export function parseNumeric(value: number | string): Decimal | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? decimalOfNumber(value) : undefined;
  const text = value.startsWith('+') ? value.slice(1) : value;
  if (text.length > MAX_DECIMAL_TEXT || !NUMERIC_TEXT.test(text) || !Number.isFinite(Number(text))) return undefined;
  // NOTE: `Number("1e-999999999")` is a finite 0, yet big.js would hold a billion digits;
  // an exponent beyond a double's range is refused before big.js sees it.
  const exponent = /e([+-]?\d+)$/i.exec(text);
  if (exponent !== null && Math.abs(Number(exponent[1])) > MAX_TEXT_EXPONENT) return undefined;
  return fromBig(new Dec(text));
}

// NOTE: quantities, hours and usage are mostly small whole numbers; values are immutable, so
// one shared decimal per such number, a constant table made once, saves making it again.
const SMALL_INTEGER_LIMIT = 1 << 12;
const SMALL_INTEGERS: readonly Decimal[] = Array.from({ length: SMALL_INTEGER_LIMIT }, (_, i) => scaledDecimal(i, 0));

/**
 * The exact decimal of a finite JSON number, read through `String(n)`.
 * @example decimalOfNumber(0.1).toString() // '0.1'
 */
export function decimalOfNumber(value: number): Decimal {
  if (Number.isInteger(value) && value >= 0 && value < SMALL_INTEGER_LIMIT) {
    return SMALL_INTEGERS[value] as Decimal;
  }
  if (Number.isSafeInteger(value)) return scaledDecimal(value, 0);
  return fromBig(new Dec(String(value)));
}

/**
 * Parses a money text without the request bounds (fields are read through `readBounded`): a plain decimal string, or a JSON number through `String(n)`;
 * `undefined` when it is not a decimal amount.
 * @example parseMoney('12.30')?.toString() // '12.3'
 */
export function parseMoney(value: number | string): Decimal | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? fromBig(new Dec(String(value))) : undefined;
  if (value.length > MAX_DECIMAL_TEXT || !PLAIN_DECIMAL.test(value)) return undefined;
  return fromBig(new Dec(value));
}

/**
 * A JSON number for a quantity (never money): the nearest double to the exact decimal.
 * @example toJsonNumber(decOf('0.1')) // 0.1
 */
export function toJsonNumber(value: Decimal): number {
  return Number(decText(value));
}
