import Big from 'big.js';

// NOTE: this folder is the only place that configures big.js. A private constructor keeps
// the settings away from any other user of big.js in the process.
/** The decimal constructor every part of the engine uses. */
export const Dec: Big.BigConstructor = Big();
Dec.DP = 40;
Dec.RM = Dec.roundHalfUp;
// Never print an exponent: toString stays plain for any exponent big.js allows.
Dec.PE = 1e6;
Dec.NE = -1e6;

/** A big.js decimal. */
export type BigValue = Big.Big;

/** Rounding modes by name (big.js numbers them). */
export const ROUND_DOWN = 0 as const;
export const ROUND_HALF_UP = 1 as const;
export const ROUND_UP = 3 as const;
export type RoundingMode = typeof ROUND_DOWN | typeof ROUND_HALF_UP | typeof ROUND_UP;

/** Shared constants (big.js values are immutable). */
export const D0: BigValue = new Dec(0);
export const D1: BigValue = new Dec(1);

/**
 * Divides exactly-then-rounds: `n / d` rounded to `dp` places with `rm`, using the true
 * remainder, so the result is the correctly rounded exact quotient.
 * @example divRound(new Dec(1), new Dec(3), 2, ROUND_HALF_UP).toString() // '0.33'
 */
export function divRound(n: BigValue, d: BigValue, dp: number, rm: RoundingMode): BigValue {
  const savedDp = Dec.DP;
  const savedRm = Dec.RM;
  Dec.DP = dp;
  Dec.RM = rm;
  try {
    return n.div(d);
  } finally {
    Dec.DP = savedDp;
    Dec.RM = savedRm;
  }
}
