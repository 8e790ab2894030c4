import type { ReadOptions } from '../domain/ports.js';

/**
 * The row-lock clause a read asks for: ' FOR UPDATE' or nothing.
 * @example `SELECT ... WHERE id = $1${lock({ forUpdate: true })}`
 */
export const lock = (options?: ReadOptions): string => (options?.forUpdate ? ' FOR UPDATE' : '');

/** The one thing the SQL repositories need from a driver: parameterized queries. */
export interface SqlClient {
  /** Runs one statement with `$1..$n` parameters and returns its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/**
 * A timestamp column as RFC 3339 (pg and PGlite both hand back Date; strings pass through).
 * @example toIso(new Date(0)) // '1970-01-01T00:00:00.000Z'
 */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return new Date(value).toISOString();
  throw new TypeError(`expected a timestamp, got ${typeof value}`);
}

/**
 * Like toIso, keeping null.
 * @example toIsoOrNull(null) // null
 */
export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIso(value);
}

/**
 * An integer column: PGlite answers numbers (or bigint), pg answers strings for INT8.
 * @example toInteger('42') // 42
 */
export function toInteger(value: unknown): number {
  const n = typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new TypeError(`expected an integer, got ${String(value)}`);
  return n;
}

/**
 * A NUMERIC column as its exact decimal string; never goes through a JavaScript number.
 * @example toDecimalString('1.20') // '1.20'
 */
export function toDecimalString(value: unknown): string {
  if (typeof value === 'string') return value;
  throw new TypeError(`expected NUMERIC as a string, got ${typeof value}`);
}

/**
 * A JSONB column: drivers parse it; a string is parsed here.
 * @example toJson('{"a":1}') // { a: 1 }
 */
export function toJson(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}
