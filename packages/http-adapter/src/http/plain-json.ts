/**
 * A number as plain decimal text, never with an exponent: the same digits as `String(n)` (the shortest
 * text that reads back as `n`), with the decimal point moved instead of an `e`.
 * @example plainDecimal(1e-7) // '0.0000001'
 * @example plainDecimal(1.5e21) // '1500000000000000000000'
 */
export function plainDecimal(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  if (Object.is(n, -0)) return '0';
  const text = String(n);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = point === -1 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  // NOTE: `String` writes one digit before the point, so the point sits after `1 + exponent` digits.
  const position = (point === -1 ? mantissa.length : point) + exponent;
  let plain: string;
  if (position <= 0) plain = `0.${'0'.repeat(-position)}${digits}`;
  else if (position >= digits.length) plain = digits + '0'.repeat(position - digits.length);
  else plain = `${digits.slice(0, position)}.${digits.slice(position)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * JSON text like `JSON.stringify(value)`, except that every number is written as a plain decimal
 * (no exponent). Hand-written because a `JSON.stringify` replacer can change values but not how a
 * number is printed.
 * @example toPlainJson({ quantity: 1e-7 }) // '{"quantity":0.0000001}'
 */
export function toPlainJson(value: unknown): string {
  // NOTE: the common answer has no number that `JSON.stringify` writes with an exponent (those are below
  // 1e-6 or from 1e21 on): the native serializer's text is then the answer. `JSON.stringify` writes an
  // exponent only as a digit, `e`, and a sign, so text without `<digit>e+` / `<digit>e-` anywhere has none
  // (a string holding such text only sends the answer down the slower path, which writes it unchanged).
  let text: string | undefined;
  try {
    text = JSON.stringify(value) as string | undefined;
  } catch {
    text = undefined;
  }
  if (text !== undefined && !EXPONENT.test(text)) return text;
  return writePlain(value);
}

const EXPONENT = /\de[+-]/;

function writePlain(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join('');
}

function write(value: unknown, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'number':
      out.push(plainDecimal(value));
      return;
    case 'string':
    case 'boolean':
      out.push(JSON.stringify(value));
      return;
    case 'object':
      if (Array.isArray(value)) return writeArray(value, out);
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return write((value as { toJSON: () => unknown }).toJSON(), out);
      return writeObject(value as Record<string, unknown>, out);
    default:
      // undefined, functions, symbols: left out of objects; `null` in arrays (as JSON.stringify does).
      out.push('null');
  }
}

function skipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function writeArray(values: readonly unknown[], out: string[]): void {
  out.push('[');
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out.push(',');
    write(values[i], out);
  }
  out.push(']');
}

function writeObject(object: Record<string, unknown>, out: string[]): void {
  out.push('{');
  let first = true;
  for (const key of Object.keys(object)) {
    const item = object[key];
    if (skipped(item)) continue;
    if (!first) out.push(',');
    first = false;
    out.push(JSON.stringify(key), ':');
    write(item, out);
  }
  out.push('}');
}
