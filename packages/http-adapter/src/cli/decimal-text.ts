/**
 * `a - b` for plain decimal strings, exactly (scaled BigInt arithmetic). Hand-written because the
 * CLI only needs one subtraction of money strings and pricing-core keeps its decimal library internal.
 * @example subtractDecimals('24.00', '20.50') // '3.50'
 */
export function subtractDecimals(a: string, b: string): string {
  const scale = Math.max(fractionDigits(a), fractionDigits(b));
  const difference = scaled(a, scale) - scaled(b, scale);
  const negative = difference < 0n;
  const digits = (negative ? -difference : difference).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

function fractionDigits(text: string): number {
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [whole = '0', fraction = ''] = body.split('.');
  const value = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return negative ? -value : value;
}
