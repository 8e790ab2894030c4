import { MESSAGES } from '../errors/messages.js';
import { closestName } from './did-you-mean.js';

/**
 * The keys of `value` that are not in `known`, as zod's strict objects find them: every
 * enumerable string key `for...in` yields (inherited ones too), `__proto__` included.
 * @example unknownKeys({ qty: 1, quantity: 2 }, new Set(['quantity'])) // ['qty']
 */
export function unknownKeys(value: object, known: ReadonlySet<string>): readonly string[] {
  let found: string[] | undefined;
  // NOTE: for...in on purpose: it is what zod's strictObject iterates, and the hand-written
  // shape checker must report exactly what the schema reports.
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
