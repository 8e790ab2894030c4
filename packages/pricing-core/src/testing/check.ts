import { decCompare, decOf, decPlus, ZERO, type Decimal } from '../money/decimal.js';
import { RESULT_TOTALS } from '../schema/result-types.js';
import type { PlanResult, ResultTotals } from '../schema/result-types.js';

/** A violated law: thrown by the kit's properties so fast-check reports and shrinks it. */
export class PricingLawViolation extends Error {
  override readonly name = 'PricingLawViolation';
}

/**
 * Throws a {@link PricingLawViolation} naming the law when `holds` is false.
 * @example ensure(total.eq(expected), 'total', `${total} != ${expected}`)
 */
export function ensure(holds: boolean, law: string, detail: string): void {
  if (!holds) throw new PricingLawViolation(`${law}: ${detail}`);
}

/**
 * Sums decimal strings exactly.
 * @example sameAmount(sumOf(['0.10', '0.20']), '0.3') // true
 */
export function sumOf(amounts: readonly string[]): Decimal {
  return amounts.reduce((acc, amount) => decPlus(acc, decOf(amount)), ZERO);
}

/**
 * Exact comparison of two amounts (decimal strings or exact sums); `'0.30'` equals `'0.3'`.
 * @example compareAmounts('0.30', sumOf(['0.1', '0.2'])) // 0
 */
export function compareAmounts(a: string | Decimal, b: string | Decimal): -1 | 0 | 1 {
  return decCompare(typeof a === 'string' ? decOf(a) : a, typeof b === 'string' ? decOf(b) : b);
}

/**
 * The JSON text of a value with object keys sorted, so two results compare by content.
 * @example canonical({ b: 1, a: 2 }) // '{"a":2,"b":1}'
 */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Every money string of a result with the field it was found in.
 * @example moneyFields(result)[0] // ['subtotal', '12.00']
 */
export function moneyFields(result: PlanResult): [string, string][] {
  const fields: [string, string][] = [
    ...(Object.keys(RESULT_TOTALS) as (keyof ResultTotals)[]).map((name): [string, string] => [name, result[name]]),
    ['couponValue', result.couponValue],
    ['debug.totals.pre', result.debug.totals.pre],
    ['debug.totals.percentOff', result.debug.totals.percentOff],
    ['debug.totals.couponOff', result.debug.totals.couponOff],
    ['debug.totals.discounted', result.debug.totals.discounted],
  ];
  result.lineItems.forEach((line, index) => {
    fields.push([`lineItems[${index}].base`, line.base], [`lineItems[${index}].addons`, line.addons]);
    fields.push([`lineItems[${index}].subtotal`, line.subtotal]);
  });
  return fields;
}

/**
 * The pattern of a money string with exactly `digits` minor digits (no sign, no exponent).
 * @example moneyPattern(2).test('1.50') // true
 */
export function moneyPattern(digits: number): RegExp {
  return digits === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${digits}}$`);
}
