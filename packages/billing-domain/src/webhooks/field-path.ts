import { formatPath } from '@billing/pricing-core';

/**
 * A field path in the one format every violation uses (pricing-core's: `webhookEndpoints[0].secrets[1]`,
 * `usage["cpu-hours"]`), with `root` naming the whole input (what the path is relative to differs by caller).
 * @example formatFieldPath(['data', 'items', 0, 'unitAmount']) // 'data.items[0].unitAmount'
 * @example formatFieldPath([], 'body') // 'body'
 */
export function formatFieldPath(path: readonly PropertyKey[], root = ''): string {
  return path.length === 0 ? root : formatPath(path.map((key) => (typeof key === 'symbol' ? String(key) : key)));
}
