import type { Decimal } from '../money/decimal.js';
import { decAbs, decIsZero, decSign } from '../money/decimal.js';
import { MESSAGES } from '../errors/messages.js';
import { readBounded } from '../money/bounds.js';
import { decimalPlaces } from '../money/parse.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';

// NOTE: readers take `unknown` because they also run when the schema failed elsewhere, so
// that every violation is reported at once; a value of the wrong type was already reported
// by the schema and reads as unset here.

/** Unit amounts carry at most this many decimals. */
export const MAX_UNIT_DECIMALS = 12;

/** A plain object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** An array, or an empty one. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string, or undefined (`""` is unset). */
export function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `true` only for the boolean true. */
export function readFlag(value: unknown): boolean {
  return value === true;
}

/** An enum value, or undefined when unset (`*_UNSPECIFIED` included) or unknown. */
export function readEnum<T extends string>(value: unknown, values: readonly T[]): T | undefined {
  if (typeof value !== 'string' || value.endsWith('UNSPECIFIED')) return undefined;
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Bounds a number field must respect. */
export type NumberRule = 'nonNegative' | 'positive' | 'positiveInteger' | 'any';

/**
 * Reads a number field within the request bounds (`readBounded`); `undefined` when unset (omitted, null, 0, "") or invalid (reported).
 * @example readNumber(0, ['x'], v, 'nonNegative') // undefined: 0 means unset
 */
export function readNumber(
  value: unknown,
  path: readonly PathSegment[],
  v: ViolationCollector,
  rule: NumberRule,
): Decimal | undefined {
  if ((typeof value !== 'number' && typeof value !== 'string') || value === '') return undefined;
  const parsed = readBounded(value, 'number');
  if (typeof parsed === 'string') {
    v.add(path, parsed);
    return undefined;
  }
  if (decIsZero(parsed)) return undefined;
  if (decSign(parsed) < 0 && rule !== 'any') {
    v.add(path, rule === 'nonNegative' ? MESSAGES.notNegative : rule === 'positive' ? MESSAGES.positive : MESSAGES.positiveInteger);
    return undefined;
  }
  if (rule === 'positiveInteger' && decimalPlaces(parsed) > 0) {
    v.add(path, MESSAGES.positiveInteger);
    return undefined;
  }
  return parsed;
}

/**
 * Reads a money field (>= 0, at most `maxDecimals` decimals); `undefined` when unset (zero
 * included, unless `zeroIsSet`) or invalid (reported).
 * @example readMoney('0', ['x'], v) // undefined: a zero amount means unset
 */
export function readMoney(
  value: unknown,
  path: readonly PathSegment[],
  v: ViolationCollector,
  options: { maxDecimals?: number; decimalsMessage?: string; zeroIsSet?: boolean } = {},
): Decimal | undefined {
  if ((typeof value !== 'number' && typeof value !== 'string') || (value === '' && !options.zeroIsSet)) return undefined;
  const parsed = readBounded(value, 'money');
  if (typeof parsed === 'string') {
    v.add(path, parsed);
    return undefined;
  }
  if (decIsZero(parsed)) return options.zeroIsSet ? decAbs(parsed) : undefined;
  if (decSign(parsed) < 0) {
    v.add(path, MESSAGES.notNegative);
    return undefined;
  }
  const maxDecimals = options.maxDecimals ?? MAX_UNIT_DECIMALS;
  if (decimalPlaces(parsed) > maxDecimals) {
    v.add(path, options.decimalsMessage ?? MESSAGES.maxDecimals(maxDecimals));
    return undefined;
  }
  return parsed;
}
