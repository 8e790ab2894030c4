/** ISO 4217 codes Node knows, upper-case. Built once. */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(
  Intl.supportedValuesOf('currency').map((code) => code.toUpperCase()),
);

const minorDigitsCache = new Map<string, number>();

/**
 * Normalizes a currency code: trimmed, upper-case; `undefined` when Node does not know it.
 * @example normalizeCurrency('usd') // 'USD'
 */
export function normalizeCurrency(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  return KNOWN_CURRENCIES.has(upper) ? upper : undefined;
}

/**
 * The number of minor digits of a known currency, as `Intl.NumberFormat` reports them.
 * @example currencyMinorDigits('JPY') // 0
 */
export function currencyMinorDigits(code: string): number {
  const upper = code.toUpperCase();
  let digits = minorDigitsCache.get(upper);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: upper })
      .resolvedOptions().maximumFractionDigits ?? 2;
    minorDigitsCache.set(upper, digits);
  }
  return digits;
}
