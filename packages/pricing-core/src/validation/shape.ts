import { MESSAGES } from '../errors/messages.js';
import type { FieldKind, ObjectFields } from '../request/fields.js';
import { INSTANCE_FIELDS, PRICE_FIELDS, REQUEST_FIELDS } from '../request/fields.js';
import type { ViolationCollector } from './collector.js';
import type { PathSegment } from './field-path.js';
import { enumMessage, unknownFieldMessage, unknownKeys } from './unknown-fields.js';

// NOTE: hand-written on purpose: `calculatePlan` must not need zod at run time (a browser
// bundle of the engine stays small), and a request can hold many thousands of instances, over
// which a generic schema library cost more than pricing them. This checker walks the field
// table of `request/fields.ts` (the one description of the request) and reports what
// the zod schema derived from the same table reports: the same sentences at the same paths in
// the same order (a differential property test holds the two together). Paths are built only
// when there is something to report.

/** A field table made ready for checking: its fields in order, its names as a list and a set. */
interface CompiledObject {
  readonly kinds: readonly FieldKind[];
  readonly names: readonly string[];
  readonly nameSet: ReadonlySet<string>;
  readonly notObject: string;
}

/** Every table of the request made ready, at import: the root and every table below it. */
function compileAll(root: ObjectFields): ReadonlyMap<ObjectFields, CompiledObject> {
  const all = new Map<ObjectFields, CompiledObject>();
  const visit = (spec: ObjectFields): void => {
    if (all.has(spec)) return;
    const names = Object.keys(spec.fields);
    all.set(spec, { kinds: Object.values(spec.fields), names, nameSet: new Set(names), notObject: MESSAGES[spec.notObject] });
    for (const field of Object.values(spec.fields)) if (field.kind === 'list' || field.kind === 'object') visit(field.of);
  };
  visit(root);
  return all;
}

const COMPILED = compileAll(REQUEST_FIELDS);

const compile = (spec: ObjectFields): CompiledObject => COMPILED.get(spec) as CompiledObject;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Same test as zod's `isPlainObject`, which a record (map) field applies. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  // NOTE: the common case (a JSON object): its prototype is Object.prototype, whose constructor is Object.
  if (Object.getPrototypeOf(value) === Object.prototype && (value as { constructor?: unknown }).constructor === Object) return true;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  if (!isObject(proto)) return false;
  return Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

const isNumeric = (value: unknown): boolean => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isNullish = (value: unknown): boolean => value === undefined || value === null;

function isSeries(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!isNumeric(value[i])) return false;
  return true;
}

/** Whether a map has an enumerable symbol key (a map's keys are names; symbols are rare, so looked for only when present). */
function hasEnumerableSymbol(value: object): boolean {
  const symbols = Object.getOwnPropertySymbols(value);
  return symbols.length > 0 && symbols.some((key) => Object.prototype.propertyIsEnumerable.call(value, key));
}

/** A usage value: a number, an array of numbers, or a map of either. */
function isUsage(value: unknown): boolean {
  if (isNumeric(value)) return true;
  if (Array.isArray(value)) return isSeries(value);
  if (!isPlainObject(value)) return false;
  // NOTE: as a record does: own enumerable keys, "__proto__" skipped, an enumerable symbol key is invalid.
  // for...in with Object.hasOwn yields the keys Object.keys lists, without making the list.
  for (const key in value) {
    if (key === '__proto__' || !Object.hasOwn(value, key)) continue;
    const entry = value[key];
    if (!isNumeric(entry) && !isSeries(entry)) return false;
  }
  return !hasEnumerableSymbol(value);
}

/** Records issues while walking; `path` is the current position, copied only on an issue. */
class Walk {
  readonly path: PathSegment[] = [];
  ok = true;
  /** `v` records the issues; `known` is a list already checked (a cached price list), not walked again. */
  constructor(
    private readonly v: ViolationCollector,
    readonly known: unknown,
  ) {}

  report(message: string, last?: PathSegment): void {
    this.ok = false;
    this.v.add(last === undefined ? [...this.path] : [...this.path, last], message);
  }
}

function checkMoneyMap(value: unknown, walk: Walk): void {
  if (!isPlainObject(value)) return walk.report(MESSAGES.object);
  for (const key of Object.keys(value)) {
    if (key !== '__proto__' && !isNumeric(value[key])) walk.report(MESSAGES.money, key);
  }
  // NOTE: a symbol key is reported at the map itself (a field path has no place for a symbol).
  if (hasEnumerableSymbol(value)) walk.report(MESSAGES.object);
}

function checkList(value: unknown, spec: ObjectFields, walk: Walk): void {
  if (!Array.isArray(value)) return walk.report(MESSAGES.array);
  // NOTE: only as the price list: the same array given elsewhere in the request (as instances, say) is checked there.
  if (value === walk.known && spec === PRICE_FIELDS) return;
  const target = compile(spec);
  for (let i = 0; i < value.length; i += 1) {
    walk.path.push(i);
    checkObject(value[i], target, walk);
    walk.path.pop();
  }
}

/** Checks one field's value; the walk's path is the object's, `name` the field's. */
function checkField(value: unknown, field: FieldKind, walk: Walk, name: string): void {
  if (field.kind === 'requiredText') {
    if (typeof value !== 'string') walk.report(MESSAGES.string, name);
    return;
  }
  if (isNullish(value)) return;
  // NOTE: most fields hold a single value, reported at `name`; the path grows only to enter a map, a list or an object.
  switch (field.kind) {
    case 'number':
      if (!isNumeric(value)) walk.report(MESSAGES.number, name);
      return;
    case 'money':
      if (!isNumeric(value)) walk.report(MESSAGES.money, name);
      return;
    case 'text':
      if (typeof value !== 'string') walk.report(MESSAGES.string, name);
      return;
    case 'flag':
      if (typeof value !== 'boolean') walk.report(MESSAGES.boolean, name);
      return;
    case 'enum':
      if (!(field.values as readonly unknown[]).includes(value)) walk.report(enumMessage(field, value), name);
      return;
    case 'usage':
      if (!isUsage(value)) walk.report(MESSAGES.usageValue, name);
      return;
    case 'moneyMap':
    case 'list':
    case 'object':
      break;
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
  walk.path.push(name);
  if (field.kind === 'moneyMap') checkMoneyMap(value, walk);
  else if (field.kind === 'list') checkList(value, field.of, walk);
  else checkObject(value, compile(field.of), walk);
  walk.path.pop();
}

/** Checks a strict object: each field in table order, then its unknown fields. */
function checkObject(value: unknown, spec: CompiledObject, walk: Walk): void {
  if (!isObject(value)) return walk.report(spec.notObject);
  const { names, kinds } = spec;
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i] as string;
    checkField(value[name], kinds[i] as FieldKind, walk, name);
  }
  for (const key of unknownKeys(value, spec.nameSet)) walk.report(unknownFieldMessage(key, spec.names), key);
}

/**
 * Checks a request's shape against its field table and records every issue; returns whether
 * the shape is valid. `known` is a list found valid before with the same content (the cached
 * `planConfig.prices`), which is not walked again.
 * @example checkRequestShape({ instances: 'x' }, v) // false; violation on `instances`
 */
export function checkRequestShape(request: unknown, v: ViolationCollector, known?: readonly unknown[]): boolean {
  const walk = new Walk(v, known);
  checkObject(request, compile(REQUEST_FIELDS), walk);
  return walk.ok;
}

/**
 * The declared fields of the object the request expects at `path` (array indices step into
 * elements); empty where no object is expected.
 * @example knownFieldsAt(['planConfig', 'prices', 0, 'tiers', 3]) // ['tierOrder', 'tierName', ...]
 */
export function knownFieldsAt(path: readonly PropertyKey[]): string[] {
  // `table` is the object expected at the current step; `list` the list whose element comes next.
  let table: ObjectFields | undefined = REQUEST_FIELDS;
  let list: ObjectFields | undefined;
  for (const step of path) {
    if (list !== undefined && typeof step === 'number') {
      [table, list] = [list, undefined];
      continue;
    }
    const field: FieldKind | undefined = table === undefined || typeof step !== 'string' ? undefined : table.fields[step];
    table = field?.kind === 'object' ? field.of : undefined;
    list = field?.kind === 'list' ? field.of : undefined;
    if (table === undefined && list === undefined) return [];
  }
  return table === undefined ? [] : Object.keys(table.fields);
}

/** A copy of an array of numbers, or the value itself. */
const copySeries = (value: unknown): unknown => (Array.isArray(value) ? [...(value as unknown[])] : value);

/** A copy of a map's own enumerable entries ("__proto__" dropped), each value through `copy`. */
function copyMap(value: Record<string, unknown>, copy: (entry: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = copy(value[key]);
  return out;
}

function copyField(value: unknown, field: FieldKind): unknown {
  if (isNullish(value)) return value;
  switch (field.kind) {
    case 'usage':
      return isPlainObject(value) ? copyMap(value, copySeries) : copySeries(value);
    case 'moneyMap':
      return copyMap(value as Record<string, unknown>, (entry) => entry);
    case 'list':
      return (value as unknown[]).map((item) => copyObject(item as Record<string, unknown>, field.of));
    case 'object':
      return copyObject(value as Record<string, unknown>, field.of);
    default:
      return value;
  }
}

function copyObject(value: Record<string, unknown>, spec: ObjectFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { names, kinds } = compile(spec);
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i] as string;
    if (name in value) out[name] = copyField(value[name], kinds[i] as FieldKind);
  }
  return out;
}

/**
 * A copy of a request whose shape is valid (`checkRequestShape` said so): its declared fields
 * only, maps without "__proto__", as a schema parse returns it.
 * @example copyRequest({ instances: [{ quantity: 2 }] }) // an equal, separate object
 */
export function copyRequest(request: Record<string, unknown>): Record<string, unknown> {
  return copyObject(request, REQUEST_FIELDS);
}
