import type { ReadOptions } from '../domain/ports.js';
import { lock, toDecimalString, toInteger, toIso, toIsoOrNull, toJson, type SqlClient } from './sql-client.js';

/** The SQL types the tables use (as `information_schema.columns.data_type` names them, lower case). */
export type SqlType = 'text' | 'boolean' | 'integer' | 'numeric' | 'timestamp with time zone' | 'jsonb';

/** Where one field of a record lives: its column, the column's type, and whether it may be NULL. */
export interface Column {
  name: string;
  type: SqlType;
  nullable?: true;
}

/**
 * One table described once: which column holds which field of the record `T`. The SQL text (the
 * column lists, the JSON record type of the batched writes), the mapping both ways, and the check
 * against the migrations (`tables.test.ts`) are all built from it. Every stored field of `T` must
 * have a column: a field added to the domain type without one does not compile.
 */
export interface TableDescription<T> {
  table: string;
  /** Field to column; the `organization_id` column scopes every row (batched writes take it from `$1`). */
  columns: { readonly [K in keyof T]-?: Column };
}

/** `c('addon_code')`: a NOT NULL text column; `c('end_date', 'timestamp with time zone', true)`: nullable. */
export const c = (name: string, type: SqlType = 'text', nullable = false): Column =>
  nullable ? { name, type, nullable: true } : { name, type };

const TIMESTAMP = 'timestamp with time zone';
const SHORT_TYPE: Record<SqlType, string> = {
  text: 'text',
  boolean: 'boolean',
  integer: 'integer',
  numeric: 'numeric',
  [TIMESTAMP]: 'timestamptz',
  jsonb: 'jsonb',
};

const entries = <T>(t: TableDescription<T>): [keyof T & string, Column][] =>
  Object.entries(t.columns) as [keyof T & string, Column][];

/**
 * The SELECT list of a table: every column, NUMERIC as its exact text.
 * @example selectList(ADDON_TABLE) // 'organization_id, id, ..., unit_amount::text AS unit_amount, ...'
 */
export function selectList<T>(t: TableDescription<T>): string {
  return entries(t)
    .map(([, col]) => (col.type === 'numeric' ? `${col.name}::text AS ${col.name}` : col.name))
    .join(', ');
}

/**
 * The record type of a batched write's JSON rows (`jsonb_to_recordset(...) AS x(<this>)`): every
 * column but the organization's, which comes from the statement's `$1`.
 * @example recordType(SUBSCRIPTION_TABLE) // 'id text, provider text, ...'
 */
export function recordType<T>(t: TableDescription<T>): string {
  return entries(t)
    .filter(([, col]) => col.name !== 'organization_id')
    .map(([, col]) => `${col.name} ${SHORT_TYPE[col.type]}`)
    .join(', ');
}

function readValue(col: Column, value: unknown): unknown {
  if (col.nullable === true && (value === null || value === undefined)) return null;
  switch (col.type) {
    case 'text':
      return String(value);
    case 'boolean':
      return value === true;
    case 'integer':
      return toInteger(value);
    case 'numeric':
      return toDecimalString(value);
    case 'timestamp with time zone':
      return col.nullable === true ? toIsoOrNull(value) : toIso(value);
    case 'jsonb':
      return toJson(value);
  }
}

/**
 * A record from a row (or a row's JSON) of `selectList(t)`.
 * @example fromRow(SUBSCRIPTION_TABLE, rows[0]).externalId // 'sub_1'
 */
export function fromRow<T>(t: TableDescription<T>, row: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const [field, col] of entries(t)) record[field] = readValue(col, row[col.name]);
  return record as T;
}

/**
 * A record as the JSON row of a batched write (the organization's column left out: it is `$1`).
 * NUMERIC stays a JSON string, so the decimal reaches the column exactly as written.
 * @example toRowJson(SUBSCRIPTION_TABLE, record).external_id // 'sub_1'
 */
export function toRowJson<T>(t: TableDescription<T>, record: T): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, col] of entries(t)) if (col.name !== 'organization_id') row[col.name] = record[field];
  return row;
}

/**
 * The plain column list of a table, in description order (INSERT targets).
 * @example columnNames(WEBHOOK_EVENT_TABLE) // 'organization_id, provider, event_id, ...'
 */
export function columnNames<T>(t: TableDescription<T>): string {
  return entries(t).map(([, col]) => col.name).join(', ');
}

/**
 * `$1, $2, ...` for an INSERT of every column (JSONB cast), and the matching parameters of `record`.
 * @example const { placeholders, params } = insertValues(WEBHOOK_EVENT_TABLE, record)
 */
export function insertValues<T>(t: TableDescription<T>, record: T): { placeholders: string; params: unknown[] } {
  const cols = entries(t);
  return {
    placeholders: cols.map(([, col], i) => `$${i + 1}${col.type === 'jsonb' ? '::jsonb' : ''}`).join(', '),
    params: cols.map(([field, col]) => (col.type === 'jsonb' ? JSON.stringify(record[field]) : record[field])),
  };
}

/**
 * The rows of one organization (`$1`) matching `where` (over `$2...`), `tail` (an ORDER BY) after,
 * locked when the options ask; map them with `fromRow`.
 * @example const [row] = await selectRows(sql, ADDON_TABLE, 'id = $2', ['org_1', 'a1'])
 */
export function selectRows<T>(
  sql: SqlClient,
  t: TableDescription<T>,
  where: string,
  params: readonly unknown[],
  options?: ReadOptions,
  tail = '',
): Promise<Record<string, unknown>[]> {
  return sql.query(`SELECT ${selectList(t)} FROM ${t.table} WHERE organization_id = $1 AND ${where}${tail}${lock(options)}`, params);
}
