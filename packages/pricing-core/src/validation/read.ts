import type { Decimal } from '../money/decimal.js';
import { decAbs, decIsZero, decSign } from '../money/decimal.js';
import { MESSAGES } from '../errors/messages.js';
import { readBounded } from '../money/bounds.js';
import { decimalPlaces } from '../money/parse.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { NumberText, Scalar } from './read-fields.js';
import { Refused } from './read-fields.js';

// NOTE: the rules' readers of what the walk typed: a refused value (of the wrong type, already
// reported by the walk) reads as unset, so that every violation is reported at once.

/** Unit amounts carry at most this many decimals. */
export const MAX_UNIT_DECIMALS = 12;

/**
 * A set value, or `fallback` when unset or refused.
 * @example valueOr(undefined, 'PRODUCT_TYPE_BASE') // 'PRODUCT_TYPE_BASE'
 */
export function valueOr<T>(value: Scalar<T>, fallback: T): T {
  return value === undefined || value instanceof Refused ? fallback : value;
}

/** A non-empty text, or undefined (`""` is unset). */
export function readText(value: Scalar<string>): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Bounds a number field must respect. */
export type NumberRule = 'nonNegative' | 'positive' | 'positiveInteger' | 'any';

/**
 * Reads the number field `field` of the object at `at` within the request bounds (`readBounded`); `undefined` when unset (omitted, null, 0, "") or invalid (reported).
 * @example readNumber(0, ['calcConfig'], 'taxRate', v, 'nonNegative') // undefined: 0 means unset
 */
export function readNumber(
  value: Scalar<NumberText>,
  at: readonly PathSegment[],
  field: PathSegment,
  v: Violations,
  rule: NumberRule,
): Decimal | undefined {
  if ((typeof value !== 'number' && typeof value !== 'string') || value === '') return undefined;
  const parsed = readBounded(value, 'number');
  if (typeof parsed === 'string') {
    v.add([...at, field], parsed);
    return undefined;
  }
  if (decIsZero(parsed)) return undefined;
  if (decSign(parsed) < 0 && rule !== 'any') {
    v.add([...at, field], rule === 'nonNegative' ? MESSAGES.notNegative : rule === 'positive' ? MESSAGES.positive : MESSAGES.positiveInteger);
    return undefined;
  }
  if (rule === 'positiveInteger' && decimalPlaces(parsed) > 0) {
    v.add([...at, field], MESSAGES.positiveInteger);
    return undefined;
  }
  return parsed;
}

/**
 * Reads the money field `field` of the object at `at` (>= 0, at most `maxDecimals` decimals); `undefined` when unset (zero
 * included, unless `zeroIsSet`) or invalid (reported).
 * @example readMoney('0', ['calcConfig'], 'couponValue', v) // undefined: a zero amount means unset
 */
export function readMoney(
  value: Scalar<NumberText>,
  at: readonly PathSegment[],
  field: PathSegment,
  v: Violations,
  options: { maxDecimals?: number; decimalsMessage?: () => string; zeroIsSet?: boolean } = {},
): Decimal | undefined {
  if ((typeof value !== 'number' && typeof value !== 'string') || (value === '' && !options.zeroIsSet)) return undefined;
  const parsed = readBounded(value, 'money');
  if (typeof parsed === 'string') {
    v.add([...at, field], parsed);
    return undefined;
  }
  if (decIsZero(parsed)) return options.zeroIsSet ? decAbs(parsed) : undefined;
  if (decSign(parsed) < 0) {
    v.add([...at, field], MESSAGES.notNegative);
    return undefined;
  }
  const maxDecimals = options.maxDecimals ?? MAX_UNIT_DECIMALS;
  if (decimalPlaces(parsed) > maxDecimals) {
    v.add([...at, field], options.decimalsMessage?.() ?? MESSAGES.maxDecimals(maxDecimals));
    return undefined;
  }
  return parsed;
}
