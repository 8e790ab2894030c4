// NOTE: PostgreSQL refuses NUL in text and jsonb, and a lone UTF-16 surrogate cannot be encoded
// as UTF-8. A verified event carrying either could never be stored: answering 503 would make the
// provider retry it forever, so it is refused as malformed (400) instead.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when PostgreSQL can store the text (no NUL, no unpaired surrogate).
 * @example isStorableText('a\u0000b') // false
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string (key or value) that PostgreSQL cannot store, or `undefined`.
 * @example unstorableTextPath({ data: { id: 'sub_\u0000' } }) // 'data.id'
 */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || '(body)';
  if (typeof value !== 'object' || value === null || value instanceof Date) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unstorableTextPath(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (!isStorableText(key)) return childPath;
    const found = unstorableTextPath(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
