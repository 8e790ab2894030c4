import { MESSAGES } from '../errors/messages.js';
import { addonEntrySchema, instanceSchema } from '../schema/request-schema.js';
import type { PathSegment } from './field-path.js';
import { unknownFieldMessage, unknownKeys } from './unknown-fields.js';

/** A shape problem: where and what, in the order the request schema would report it. */
export interface ShapeIssue {
  /** Field path. */
  readonly path: readonly PathSegment[];
  /** Sentence from the catalogue. */
  readonly message: string;
}

// NOTE: `instances` can hold many thousands of entries, and running the zod schema over them
// cost more than pricing them. This checker accepts exactly what `instanceSchema` accepts and
// reports the same issues at the same paths in the same order (a differential property test
// holds it to that); the rest of the request still goes through zod.

const INSTANCE_FIELDS: readonly string[] = Object.keys(instanceSchema.shape);
const INSTANCE_FIELD_SET: ReadonlySet<string> = new Set(INSTANCE_FIELDS);
const ADDON_FIELDS: readonly string[] = Object.keys(addonEntrySchema.shape);
const ADDON_FIELD_SET: ReadonlySet<string> = new Set(ADDON_FIELDS);

/** Unknown fields of a strict object, reported after its fields, as zod does. */
function checkUnknown(value: object, path: readonly PathSegment[], fields: readonly string[], set: ReadonlySet<string>, issues: ShapeIssue[]): void {
  for (const key of unknownKeys(value, set)) issues.push({ path: [...path, key], message: unknownFieldMessage(key, fields) });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Same test as zod's `isPlainObject`, which `z.record` applies. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  if (!isObject(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

const isNumeric = (value: unknown): boolean => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isNumericOrNullish = (value: unknown): boolean => value === undefined || value === null || isNumeric(value);

function isSeries(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!isNumeric(value[i])) return false;
  return true;
}

/** `usageSchema`: nullish, a number, an array of numbers, or a map of either. */
function isUsage(value: unknown): boolean {
  if (value === undefined || value === null || isNumeric(value)) return true;
  if (Array.isArray(value)) return isSeries(value);
  if (!isPlainObject(value)) return false;
  // NOTE: as z.record does: own enumerable keys, "__proto__" skipped, an enumerable symbol key
  // is invalid (symbols are rare, so they are looked for only when there are any).
  for (const key of Object.keys(value)) {
    if (key === '__proto__') continue;
    const entry = value[key];
    if (!isNumeric(entry) && !isSeries(entry)) return false;
  }
  const symbols = Object.getOwnPropertySymbols(value);
  return symbols.length === 0 || symbols.every((key) => !Object.prototype.propertyIsEnumerable.call(value, key));
}

function checkAddons(value: unknown, index: number, issues: ShapeIssue[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    issues.push({ path: ['instances', index, 'addons'], message: MESSAGES.array });
    return;
  }
  for (let k = 0; k < value.length; k += 1) {
    const entry: unknown = value[k];
    if (!isObject(entry)) {
      issues.push({ path: ['instances', index, 'addons', k], message: MESSAGES.object });
      continue;
    }
    if (typeof entry.code !== 'string') issues.push({ path: ['instances', index, 'addons', k, 'code'], message: MESSAGES.string });
    if (!isUsage(entry.usage)) issues.push({ path: ['instances', index, 'addons', k, 'usage'], message: MESSAGES.usageValue });
    checkUnknown(entry, ['instances', index, 'addons', k], ADDON_FIELDS, ADDON_FIELD_SET, issues);
  }
}

/**
 * Checks the shape of `instances` as `planRequestSchema` would, appending its issues.
 * @example checkInstancesShape([{ quantity: true }], issues) // issues: instances[0].quantity
 */
export function checkInstancesShape(value: unknown, issues: ShapeIssue[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    issues.push({ path: ['instances'], message: MESSAGES.array });
    return;
  }
  for (let i = 0; i < value.length; i += 1) {
    const item: unknown = value[i];
    if (!isObject(item)) {
      issues.push({ path: ['instances', i], message: MESSAGES.object });
      continue;
    }
    if (!isNumericOrNullish(item.quantity)) issues.push({ path: ['instances', i, 'quantity'], message: MESSAGES.number });
    if (!isNumericOrNullish(item.hoursUsed)) issues.push({ path: ['instances', i, 'hoursUsed'], message: MESSAGES.number });
    const region = item.region;
    if (region !== undefined && region !== null && typeof region !== 'string') {
      issues.push({ path: ['instances', i, 'region'], message: MESSAGES.string });
    }
    if (!isUsage(item.usage)) issues.push({ path: ['instances', i, 'usage'], message: MESSAGES.usageValue });
    checkAddons(item.addons, i, issues);
    checkUnknown(item, ['instances', i], INSTANCE_FIELDS, INSTANCE_FIELD_SET, issues);
  }
}
