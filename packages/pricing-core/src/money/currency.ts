import { MESSAGES } from '../errors/messages.js';
import { ISO_4217_ENTRIES, ISO_4217_PUBLISH_DATE } from './iso-4217-table.js';

// NOTE: the codes and their minor units come from ISO 4217's own list as the `currency-codes`
// package ships it (generated into iso-4217-table.ts by scripts/generate-currency-table.mjs; a
// test holds it equal to the package), never from the runtime's `Intl`: Intl's digits follow
// display conventions (Node shows HUF, IDR and COP with 0 digits, ISO says 2) and change with the
// ICU version, and a price must be the same in every runtime and every release.

/** The date of the ISO 4217 list the table follows. */
export const CURRENCY_TABLE_DATE: string = ISO_4217_PUBLISH_DATE;

/**
 * Codes ISO 4217 lists with no minor unit ("N.A."): precious metals (XAU, XAG, XPD, XPT), bond
 * market units (XBA-XBD), SDR (XDR), ADB and SUCRE units (XUA, XSU), the test code XTS and the
 * "no currency" code XXX.
 */
// NOTE: `currency-codes` writes their "N.A." as 0 digits, which would make an ounce of gold
// round to whole ounces. They are not currencies a plan is billed in, so they are refused like
// unknown codes (with their own message); a test holds this list to the shipped ISO file.
export const CODES_WITHOUT_MINOR_UNIT: ReadonlySet<string> = new Set([
  'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XPD', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX',
]);

/** Code -> minor digits, of every billable code. */
function buildMinorUnits(): ReadonlyMap<string, number> {
  const built = new Map<string, number>();
  for (let i = 0; i < ISO_4217_ENTRIES.length; i += 4) {
    const code = ISO_4217_ENTRIES.slice(i, i + 3);
    if (!CODES_WITHOUT_MINOR_UNIT.has(code)) built.set(code, Number(ISO_4217_ENTRIES[i + 3]));
  }
  return built;
}

// NOTE: built at import (a pure computation: a bundler that drops an unused module may drop it).
const MINOR_UNITS: ReadonlyMap<string, number> = /* @__PURE__ */ buildMinorUnits();

/**
 * The billable ISO 4217 codes, upper-case, in the table's (alphabetical) order.
 * @example billableCurrencies().includes('EUR') // true
 */
export function billableCurrencies(): string[] {
  return [...MINOR_UNITS.keys()];
}

/**
 * Normalizes a currency code: trimmed, upper-case; `undefined` when it is not a billable
 * ISO 4217 code (unknown, or listed without minor unit, such as XAU).
 * @example normalizeCurrency('usd') // 'USD'
 * @example normalizeCurrency('XAU') // undefined
 */
export function normalizeCurrency(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  return MINOR_UNITS.has(upper) ? upper : undefined;
}

/**
 * The number of minor digits ISO 4217 gives a billable currency (case-insensitive); throws a
 * RangeError for any other code, so no caller silently rounds to a guessed precision.
 * @example currencyMinorDigits('JPY') // 0
 * @example currencyMinorDigits('huf') // 2
 */
export function currencyMinorDigits(code: string): number {
  const digits = MINOR_UNITS.get(code.trim().toUpperCase());
  if (digits === undefined) throw new RangeError(`not a billable ISO 4217 currency: ${JSON.stringify(code)}`);
  return digits;
}

/**
 * The sentence for a refused `currency`: unknown, or an ISO code with no minor unit.
 * @example refusedCurrencyMessage('XAU') // 'Currency "XAU" has no minor unit in ISO 4217 ...'
 */
export function refusedCurrencyMessage(code: string): string {
  const upper = code.trim().toUpperCase();
  return CODES_WITHOUT_MINOR_UNIT.has(upper) ? MESSAGES.currencyWithoutMinorUnit(upper) : MESSAGES.unknownCurrency(code);
}
