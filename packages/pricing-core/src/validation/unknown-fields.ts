import { MESSAGES } from '../errors/messages.js';
import { closestEnumValue, closestName } from '../errors/did-you-mean.js';

/**
 * The keys of `value` that are not in `known`, as zod's strict objects find them: every
 * enumerable string key `for...in` yields (inherited ones too), `__proto__` included.
 * @example unknownKeys({ qty: 1, quantity: 2 }, new Set(['quantity'])) // ['qty']
 */
export function unknownKeys(value: object, known: { has(key: string): boolean }): readonly string[] {
  let found: string[] | undefined;
  // NOTE: for...in on purpose: it is what a strict schema (zod's strictObject) iterates, so an
  // inherited enumerable field is unknown too.
  for (const key in value) if (!known.has(key)) (found ??= []).push(key);
  return found ?? NONE;
}
const NONE: readonly string[] = Object.freeze([]);

// NOTE: cost: an object's unknown keys are compared with its known fields (at most ~25), each
// comparison cut off at two edits and skipped outright when the lengths differ by more; so the
// work is linear in the request's size, like reading it.
/**
 * The sentence for an unknown field: with the known field one or two edits away, when there is one.
 * @example unknownFieldMessage('unitAmmount', ['unitAmount']) // 'Unknown field: did you mean "unitAmount"?'
 */
export function unknownFieldMessage(key: string, known: readonly string[]): string {
  return MESSAGES.unknownField(closestName(key, known));
}

/**
 * The sentence for a refused enum value: the value echoed, with the closest allowed one or the
 * list of choices (never `_UNSPECIFIED`, which means "not set").
 * @example enumMessage({ values: PRICING_MODELS, label: 'a pricing model' }, 'PER_UNIT') // '"PER_UNIT" is not a pricing model; did you mean "PRICING_MODEL_PER_UNIT"?'
 */
export function enumMessage(field: { readonly values: readonly string[]; readonly label: string }, received: unknown): string {
  const suggestion = typeof received === 'string' ? closestEnumValue(received, field.values) : undefined;
  return MESSAGES.enumValue(received, field.label, field.values, suggestion);
}
