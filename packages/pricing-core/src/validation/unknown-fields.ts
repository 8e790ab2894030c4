import { MESSAGES } from '../errors/messages.js';
import { closestEnumValue, closestName } from '../errors/did-you-mean.js';

/** The bit of a key scan that says the object has a key its table does not declare. */
export const UNKNOWN_KEY = 1 << 31;

/**
 * One pass over the keys of `value` as zod's strict objects see them: every enumerable string key
 * `for...in` yields (inherited ones too), `__proto__` included. A key `indexOf` places sets its
 * bit (a table has at most 31 fields); any other sets UNKNOWN_KEY and is pushed onto `unknown`
 * when that is given.
 * @example scanKeys({ qty: 1, quantity: 2 }, new Map([['quantity', 0]]), found) // 1 | UNKNOWN_KEY; found: ['qty']
 */
export function scanKeys(value: object, indexOf: ReadonlyMap<string, number>, unknown?: string[]): number {
  let bits = 0;
  // NOTE: for...in on purpose: it is what a strict schema (zod's strictObject) iterates, so an
  // inherited enumerable field is unknown too.
  for (const key in value) {
    const index = indexOf.get(key);
    if (index !== undefined) bits |= 1 << index;
    else {
      bits |= UNKNOWN_KEY;
      unknown?.push(key);
    }
  }
  return bits;
}

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
