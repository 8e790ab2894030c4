/**
 * Formats a field path the way people write it: `webhookEndpoints[0].secrets[1]`; '' for the root.
 * @example formatFieldPath(['data', 'items', 0, 'unitAmount']) // 'data.items[0].unitAmount'
 */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return text === '' ? name : `${text}.${name}`;
  }, '');
}
