/**
 * True when two flat records hold the same values, key order aside, ignoring the keys in `except`.
 * Values are compared as JSON, so nested objects (metadata) compare by content.
 * @example sameFields({ a: 1, t: 'x' }, { t: 'y', a: 1 }, ['t']) // true
 */
export function sameFields<T extends object>(a: T, b: T, except: readonly (keyof T)[] = []): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof T)[]);
  for (const key of keys) {
    if (except.includes(key)) continue;
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  }
  return true;
}
