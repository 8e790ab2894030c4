import type { FieldViolation } from '@billing/pricing-core';
import { isStorableTime, MAX_QUANTITY } from './bounds.js';

/** A JSON object read from a provider payload. */
export type JsonObject = Record<string, unknown>;

/** A payload field is missing or has the wrong shape; `path` names it (`data.items[0].price`). */
export class PayloadFieldError extends Error {
  override readonly name = 'PayloadFieldError';
  /** The same, in the one violation shape. */
  readonly violation: FieldViolation;
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path} ${problem}`);
    this.violation = { field: path, description: problem };
  }
}

/**
 * True for a plain JSON object (not null, not an array).
 * @example isJsonObject({}) // true
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a body that must be a JSON object; `undefined` when it is not.
 * @example parseJsonObject('{"id":"evt_1"}') // { id: 'evt_1' }
 */
export function parseJsonObject(rawBody: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(rawBody);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Appends a key to a field path; '' is the body itself.
 * @example join('data', 'items') // 'data.items'
 */
export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

/**
 * A non-empty string field, or `undefined` when absent or null; throws on any other type.
 * @example optString({ id: 'sub_1' }, 'id', 'data') // 'sub_1'
 */
export function optString(obj: JsonObject, key: string, path: string): string | undefined {
  const value = obj[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'string' || value === '') throw new PayloadFieldError(join(path, key), 'must be a non-empty string');
  return value;
}

/**
 * A required non-empty string field.
 * @example readString({ id: 'sub_1' }, 'id', 'data') // 'sub_1'
 */
export function readString(obj: JsonObject, key: string, path: string): string {
  const value = optString(obj, key, path);
  if (value === undefined) throw new PayloadFieldError(join(path, key), 'is required');
  return value;
}

/**
 * An object field, or `undefined` when absent or null; throws on any other type.
 * @example optObject({ price: {} }, 'price', 'item') // {}
 */
export function optObject(obj: JsonObject, key: string, path: string): JsonObject | undefined {
  const value = obj[key];
  if (absent(value)) return undefined;
  if (!isJsonObject(value)) throw new PayloadFieldError(join(path, key), 'must be an object');
  return value;
}

/**
 * A required object field.
 * @example readObject({ data: {} }, 'data', 'event') // {}
 */
export function readObject(obj: JsonObject, key: string, path: string): JsonObject {
  const value = optObject(obj, key, path);
  if (value === undefined) throw new PayloadFieldError(join(path, key), 'is required');
  return value;
}

/**
 * An array of objects, `[]` when absent or null; throws on any other type.
 * @example optObjectArray({ items: [{}] }, 'items', 'data') // [{}]
 */
export function optObjectArray(obj: JsonObject, key: string, path: string): JsonObject[] {
  const value = obj[key];
  if (absent(value)) return [];
  if (!Array.isArray(value)) throw new PayloadFieldError(join(path, key), 'must be an array');
  return value.map((entry: unknown, index) => {
    if (!isJsonObject(entry)) throw new PayloadFieldError(`${join(path, key)}[${index}]`, 'must be an object');
    return entry;
  });
}

/**
 * A boolean field, `fallback` when absent or null.
 * @example readBoolean({ cancel_at_period_end: true }, 'cancel_at_period_end', 'data', false) // true
 */
export function readBoolean(obj: JsonObject, key: string, path: string, fallback: boolean): boolean {
  const value = obj[key];
  if (absent(value)) return fallback;
  if (typeof value !== 'boolean') throw new PayloadFieldError(join(path, key), 'must be true or false');
  return value;
}

/**
 * A non-negative integer field (a count), `fallback` when absent or null.
 * @example readCount({ quantity: 2 }, 'quantity', 'item', 0) // 2
 */
export function readCount(obj: JsonObject, key: string, path: string, fallback: number): number {
  const value = obj[key];
  if (absent(value)) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_QUANTITY) {
    throw new PayloadFieldError(join(path, key), `must be an integer from 0 to ${MAX_QUANTITY}`);
  }
  return value;
}

/**
 * A unix-seconds field as a Date, `undefined` when absent or null.
 * @example optUnixDate({ created: 1700000000 }, 'created', 'event') // 2023-11-14T22:13:20.000Z
 */
export function optUnixDate(obj: JsonObject, key: string, path: string): Date | undefined {
  const value = obj[key];
  if (absent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || !isStorableTime(value * 1000)) {
    throw new PayloadFieldError(join(path, key), 'must be unix seconds between 1970 and 9999');
  }
  return new Date(value * 1000);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * An RFC 3339 date-time field as a Date, `undefined` when absent or null.
 * @example optIsoDate({ occurred_at: '2024-04-12T10:18:49.621022Z' }, 'occurred_at', 'event')
 */
export function optIsoDate(obj: JsonObject, key: string, path: string): Date | undefined {
  const value = obj[key];
  if (absent(value)) return undefined;
  const time = typeof value === 'string' && ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (!isStorableTime(time)) throw new PayloadFieldError(join(path, key), 'must be an RFC 3339 date-time between 1970 and 9999');
  return new Date(time);
}

/**
 * String-valued entries of an optional metadata object (others dropped).
 * @example stringEntries({ a: 'x', b: 1 }) // { a: 'x' }
 */
export function stringEntries(value: JsonObject | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value ?? {})) if (typeof entry === 'string') out[key] = entry;
  return out;
}
