import { MESSAGES } from '../errors/messages.js';
import type { FieldKind, ObjectFields } from '../request/fields.js';
import { INSTANCE_FIELDS, REQUEST_FIELDS } from '../request/fields.js';
import type { ResolvedUsage } from '../resolved/resolved-plan.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { UsageSite } from './read-usage.js';
import { hasEnumerableSymbol, isNumeric, isObject, isPlainObject, readUsage } from './read-usage.js';
import { enumMessage, scanKeys, UNKNOWN_KEY, unknownFieldMessage } from './unknown-fields.js';

// NOTE: the walk of the request: the field tables of `request/fields.ts` say, object by object,
// which fields there are and of what kind; each value is read into its type here, or refused
// with the sentence a schema would give (at its path, in field order, unknown fields last).
// What the walk reads goes to the rules (`resolve-*.ts`), which check bounds and cross-field
// rules on typed values and never see the request. A refused value reads as unset there, so one
// answer lists every problem.

/** A value of the wrong type: refused by the walk, unset to the rules. `sent` is what came. */
export class Refused {
  constructor(readonly sent: unknown) {}
}

/** A number or money field as sent: a JSON number or a text (the rules read its digits). */
export type NumberText = number | string;

/** A scalar field: its value, unset (omitted or null), or refused. */
export type Scalar<T> = T | undefined | Refused;

/** What a field of each kind reads as. */
export type FieldValue<K extends FieldKind> = K extends { readonly kind: 'number' | 'money' }
  ? Scalar<NumberText>
  : K extends { readonly kind: 'text' | 'requiredText' }
    ? Scalar<string>
    : K extends { readonly kind: 'flag' }
      ? Scalar<boolean>
      : K extends { readonly kind: 'enum'; readonly values: readonly (infer V)[] }
        ? Scalar<V>
        : K extends { readonly kind: 'usage' }
          ? ResolvedUsage
          : K extends { readonly kind: 'moneyMap' }
            ? ReadonlyMap<string, Scalar<NumberText>> | undefined
            : K extends { readonly kind: 'list'; readonly of: infer O extends ObjectFields }
              ? readonly (Fields<O> | undefined)[] | undefined
              : K extends { readonly kind: 'object'; readonly of: infer O extends ObjectFields }
                ? Fields<O> | undefined
                : never;

/** One number of a usage value out of its bounds, found by the walk and reported by the rules. */
export interface UsageIssue {
  readonly path: readonly PathSegment[];
  readonly message: string;
}

/** An object of the request read: each declared field typed, and the issues of its usage values. */
export type Fields<O extends ObjectFields> = { readonly [N in keyof O['fields']]: FieldValue<O['fields'][N]> } & {
  readonly usageIssues?: readonly UsageIssue[];
};

type Mutable = Record<string, unknown> & { usageIssues?: UsageIssue[] };

/** The walk's position (`path`, copied only on a report) and where it reports; one per section of the list. */
export class Walk implements UsageSite {
  readonly path: PathSegment[] = [];
  private usageName = '';
  private usageOwner: Mutable = {};

  constructor(readonly report: Violations) {}

  /** Refuses the value at the current path, or at its field `last`. */
  refuse(message: string, last?: PathSegment): void {
    this.report.add(last === undefined ? [...this.path] : [...this.path, last], message);
  }

  notUsage(): void {
    this.refuse(MESSAGES.usageValue, this.usageName);
  }

  issue(suffix: readonly PathSegment[], message: string): void {
    (this.usageOwner.usageIssues ??= []).push({ path: [...this.path, this.usageName, ...suffix], message });
  }

  /** Reads the usage field `name` of `owner`, which keeps its issues. */
  usage(value: unknown, name: string, owner: Mutable): ResolvedUsage {
    this.usageName = name;
    this.usageOwner = owner;
    return readUsage(value, this);
  }
}

function readMoneyMap(value: Record<string, unknown>, walk: Walk): Map<string, Scalar<NumberText>> {
  const plain = isPlainObject(value);
  if (!plain) walk.refuse(MESSAGES.object);
  const map = new Map<string, Scalar<NumberText>>();
  for (const key of Object.keys(value)) {
    const entry = value[key];
    const typed = typeof entry === 'number' || typeof entry === 'string';
    // NOTE: a record skips "__proto__", so its value is never refused; the rules still read it.
    if (plain && key !== '__proto__' && !isNumeric(entry)) walk.refuse(MESSAGES.money, key);
    map.set(key, typed ? entry : undefined);
  }
  // NOTE: a symbol key is reported at the map itself (a field path has no place for a symbol).
  if (plain && hasEnumerableSymbol(value)) walk.refuse(MESSAGES.object);
  return map;
}

/** Reads each object of a list at the walk's path, handing it to `each` as soon as it is read; false when the value is not a list (refused). */
function readEach<O extends ObjectFields>(value: unknown, spec: O, walk: Walk, each: (item: Fields<O> | undefined, index: number) => void): boolean {
  if (!Array.isArray(value)) {
    walk.refuse(MESSAGES.array);
    return false;
  }
  for (let i = 0; i < value.length; i += 1) {
    walk.path.push(i);
    const item = readObject(value[i], spec, walk);
    walk.path.pop();
    each(item, i);
  }
  return true;
}

function readList(value: unknown, spec: ObjectFields, walk: Walk): (Fields<ObjectFields> | undefined)[] | undefined {
  const items: (Fields<ObjectFields> | undefined)[] = [];
  return readEach(value, spec, walk, (item) => items.push(item)) ? items : undefined;
}

/** Reads one field of `owner`; the walk's path is the object's, `name` the field's. */
function readField(value: unknown, field: FieldKind, walk: Walk, name: string, owner: Mutable): unknown {
  if (field.kind === 'usage') return walk.usage(value, name, owner);
  if (value === undefined || value === null) {
    if (field.kind === 'requiredText') walk.refuse(MESSAGES.string, name);
    return undefined;
  }
  switch (field.kind) {
    case 'number':
    case 'money':
      if (isNumeric(value)) return value;
      walk.refuse(field.kind === 'number' ? MESSAGES.number : MESSAGES.money, name);
      return typeof value === 'number' ? value : new Refused(value);
    case 'text':
    case 'requiredText':
      if (typeof value === 'string') return value;
      walk.refuse(MESSAGES.string, name);
      return new Refused(value);
    case 'flag':
      if (typeof value === 'boolean') return value;
      walk.refuse(MESSAGES.boolean, name);
      return new Refused(value);
    case 'enum':
      // NOTE: the first value of every enum is its `<PREFIX>_UNSPECIFIED`, which means "not set".
      if ((field.values as readonly unknown[]).includes(value)) return value === field.values[0] ? undefined : value;
      walk.refuse(enumMessage(field, value), name);
      // NOTE: an empty or *_UNSPECIFIED text means "not set", listed or not.
      return value === '' || (typeof value === 'string' && value.endsWith('UNSPECIFIED')) ? undefined : new Refused(value);
    case 'moneyMap':
    case 'list':
    case 'object':
      return readNested(value, field, walk, name);
    default: {
      const unreachable: never = field;
      return unreachable;
    }
  }
}

function readNested(value: unknown, field: FieldKind & { kind: 'moneyMap' | 'list' | 'object' }, walk: Walk, name: string): unknown {
  walk.path.push(name);
  let read: unknown;
  if (field.kind === 'list') read = readList(value, field.of, walk);
  else if (field.kind === 'object') read = readObject(value, field.of, walk);
  else if (isObject(value)) read = readMoneyMap(value, walk);
  else walk.refuse(MESSAGES.object);
  walk.path.pop();
  return read;
}

/**
 * Reads a strict object at the walk's path: each field in table order, then its unknown fields;
 * `undefined` (refused) when it is not an object.
 * @example readObject({ region: 'eu', qty: 2 }, INSTANCE_FIELDS, walk)?.region // 'eu'; `qty` refused
 */
export function readObject<O extends ObjectFields>(value: unknown, spec: O, walk: Walk): Fields<O> | undefined {
  if (!isObject(value)) {
    walk.refuse(MESSAGES[spec.notObject]);
    return undefined;
  }
  const { names, kinds, indexOf, always, all } = compiled(spec);
  // NOTE: one pass over the object's keys finds the fields it sets (a bit each) and whether it has
  // unknown ones; then only those fields, and the ones read even when unset, are read, in table order.
  // Reading every field of the table by name cost more than the rest of the walk: most are unset,
  // and looking up an absent name is the dearest lookup there is. An object that is not plain (a
  // class instance may answer a field from a getter its keys do not show) has every field read.
  const keys = scanKeys(value, indexOf);
  let present = (keys & ~UNKNOWN_KEY) | (PLAIN_PROTOTYPES.has(Object.getPrototypeOf(value)) ? always : all);
  const owner: Mutable = {};
  for (let i = 0; present !== 0; i += 1, present >>>= 1) {
    if ((present & 1) === 0) continue;
    const name = names[i] as string;
    const read = readField(value[name], kinds[i] as FieldKind, walk, name, owner);
    // NOTE: an unset field is left off: it reads as undefined all the same, and adding a
    // property by a computed name is costly (most fields of a request are unset).
    if (read !== undefined) owner[name] = read;
  }
  // NOTE: the unknown keys are listed only for an object that has some (a refused request).
  if ((keys & UNKNOWN_KEY) !== 0) reportUnknownFields(value, spec, walk);
  return owner as Fields<O>;
}

/** The prototypes of plain objects (JSON's, and `Object.create(null)`'s): their fields are their keys. */
const PLAIN_PROTOTYPES: ReadonlySet<unknown> = new Set([Object.prototype, null]);

/** Reports the fields of `value` that `spec` does not declare, each at its path with a did-you-mean. */
export function reportUnknownFields(value: object, spec: ObjectFields, walk: Walk): void {
  const { names, indexOf } = compiled(spec);
  const unknown: string[] = [];
  scanKeys(value, indexOf, unknown);
  for (const key of unknown) walk.refuse(unknownFieldMessage(key, names), key);
}

/** Reads one field of the root (`planConfig`, `instances` or `calcConfig`): the walk there reads them in its own order. */
export function readRootField<N extends keyof (typeof REQUEST_FIELDS)['fields']>(root: Record<string, unknown>, name: N, walk: Walk): FieldValue<(typeof REQUEST_FIELDS)['fields'][N]> {
  return readField(root[name], REQUEST_FIELDS.fields[name], walk, name, {}) as FieldValue<(typeof REQUEST_FIELDS)['fields'][N]>;
}

/**
 * Reads the root's `instances`, handing each to `each` as soon as it is read, so an instance
 * can be checked and priced before the next one is read.
 * @example readInstances({ instances: [{}] }, walk, (instance, index) => ...)
 */
export function readInstances(root: Record<string, unknown>, walk: Walk, each: (item: Fields<typeof INSTANCE_FIELDS> | undefined, index: number) => void): void {
  const value = root.instances;
  if (value === undefined || value === null) return;
  walk.path.push('instances');
  readEach(value, INSTANCE_FIELDS, walk, each);
  walk.path.pop();
}

/** A field table made ready for the walk: its names and kinds in order, and where each name is. */
interface Compiled {
  readonly names: readonly string[];
  readonly kinds: readonly FieldKind[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** A bit per field read even when unset (a required text, a usage map): its check runs on absence too. */
  readonly always: number;
  /** A bit per field. */
  readonly all: number;
}

/** Every table of the request made ready, at import: the root and every table below it. */
const COMPILED = ((): ReadonlyMap<ObjectFields, Compiled> => {
  const all = new Map<ObjectFields, Compiled>();
  const visit = (spec: ObjectFields): void => {
    const names = Object.keys(spec.fields);
    const kinds = Object.values(spec.fields);
    // NOTE: a table's fields are bits of one 32-bit number in readObject.
    if (names.length > 31) throw new Error(`a field table has ${names.length} fields; readObject takes at most 31`);
    const always = kinds.reduce((bits, kind, i) => (kind.kind === 'requiredText' || kind.kind === 'usage' ? bits | (1 << i) : bits), 0);
    all.set(spec, { names, kinds, indexOf: new Map(names.map((name, i) => [name, i])), always, all: 2 ** names.length - 1 });
    for (const field of Object.values(spec.fields)) if (field.kind === 'list' || field.kind === 'object') visit(field.of);
  };
  visit(REQUEST_FIELDS);
  return all;
})();
const compiled = (spec: ObjectFields): Compiled => COMPILED.get(spec) as Compiled;
