/** One step of a field path: a property name or an array index. */
export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Formats a path the way the API reports it: `planConfig.prices[1].tiers[0].endExclusive`;
 * map keys that are not identifiers are quoted (`usage["cpu-hours"]`); `request` for the root.
 * @example formatPath(['planConfig', 'prices', 1, 'unitAmount']) // 'planConfig.prices[1].unitAmount'
 */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? 'request' : out;
}
