// NOTE: Paddle's supported-currencies table: amounts are strings in the lowest denomination, which
// is the unit itself for JPY and KRW and the hundredth for every other currency Paddle supports.
const PADDLE_ZERO_DECIMAL: ReadonlySet<string> = new Set(['JPY', 'KRW']);

/**
 * How many minor digits Paddle puts in an amount of the upper-case `currency`.
 * @example paddleMinorDigits('KRW') // 0
 */
export function paddleMinorDigits(currency: string): number {
  return PADDLE_ZERO_DECIMAL.has(currency) ? 0 : 2;
}
