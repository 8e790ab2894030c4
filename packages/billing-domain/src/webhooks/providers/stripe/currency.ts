// NOTE: Stripe's own table (docs.stripe.com/currencies, "Zero-decimal currencies"), not ISO 4217's
// nor Intl's. UGX is on that list but under "Special cases" Stripe still takes and sends it with two
// decimals for backwards compatibility, as it does ISK, HUF and TWD: all four are two-decimal here.
const STRIPE_ZERO_DECIMAL: ReadonlySet<string> = new Set([
  'BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
]);
// NOTE: Stripe's "Three-decimal currencies".
const STRIPE_THREE_DECIMAL: ReadonlySet<string> = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/**
 * How many minor digits Stripe puts in an amount of the upper-case `currency`.
 * @example stripeMinorDigits('HUF') // 2
 * @example stripeMinorDigits('KWD') // 3
 */
export function stripeMinorDigits(currency: string): number {
  if (STRIPE_ZERO_DECIMAL.has(currency)) return 0;
  return STRIPE_THREE_DECIMAL.has(currency) ? 3 : 2;
}
