// Exact sums of the engine's money strings, for what the page draws from a result (where each
// line item's bar starts, the instances a chart folds into one bar). Hand-written
// because the page loads nothing but pricing-core's public entry, which has no decimal export:
// scaled BigInts, so money is never a float here.

const digits = (text) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

/** `a op b` of plain decimal strings (an optional leading minus), exactly. */
function combine(a, b, sign) {
  const scale = Math.max(digits(a), digits(b));
  const big = (text) => BigInt(text.replace('.', '') + '0'.repeat(scale - digits(text)));
  const d = big(a) + sign * big(b);
  const abs = (d < 0n ? -d : d).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? abs : `${abs.slice(0, -scale)}.${abs.slice(-scale)}`;
  return d < 0n ? `-${text}` : text;
}

/**
 * `a + b` of two plain decimal strings, exactly.
 * @example plus('10.00', '2.5') // '12.50'
 */
export const plus = (a, b) => combine(a, b, 1n);

/** Whether a plain decimal string is zero. */
export const isZero = (text) => /^-?0*(\.0*)?$/.test(text);

/**
 * A position on a drawing from an exact figure (`"12.50"`, or the engine's `"n/d"` fractions):
 * only pixels are computed from it, never an amount that is shown.
 * @example toPixelNumber('1/3') // 0.333...
 */
export function toPixelNumber(text) {
  const [n, d] = String(text).split('/');
  return d === undefined ? Number(n) : Number(n) / Number(d);
}
