/** Request headers as the HTTP layer hands them over (names normally lower-case). */
export type HeaderBag = Readonly<Record<string, string | undefined>>;

/**
 * Looks a header up by name, case-insensitively; `undefined` when absent.
 * @example getHeader({ 'stripe-signature': 't=1,v1=ab' }, 'Stripe-Signature') // 't=1,v1=ab'
 */
export function getHeader(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const direct = headers[wanted];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && key.toLowerCase() === wanted) return value;
  }
  return undefined;
}
