/** The most edits a known field may be from an unknown one and still be suggested. */
export const MAX_SUGGESTION_EDITS = 2;

// NOTE: hand-written because the rule is this small: the optimal-string-alignment form of the
// Damerau-Levenshtein distance (insert, delete, substitute, swap two neighbours), computed only
// in the diagonal band |i - j| <= max and stopped as soon as a whole row exceeds `max`; no
// library offers "at most two edits, swaps count as one" without a fuzzy-search engine. A
// request may carry tens of thousands of unknown keys, so a comparison costs a few dozen steps in
// three small typed rows (made per call: the library keeps no state between calls).

/**
 * The edit distance between two strings, or `max + 1` when it is greater than `max`.
 * @example editDistance('unitAmmount', 'unitAmount') // 1
 */
export function editDistance(a: string, b: string, max = MAX_SUGGESTION_EDITS): number {
  const far = max + 1;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return far;
  let older = new Int32Array(m + 1);
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j += 1) previous[j] = Math.min(j, far);
  for (let i = 1; i <= n; i += 1) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(m, i + max);
    current[lo - 1] = lo === 1 ? Math.min(i, far) : far;
    let rowMin = current[lo - 1]!;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j += 1) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, older[j - 2]! + 1);
      d = Math.min(d, far);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (hi < m) current[hi + 1] = far;
    if (rowMin > max) return far;
    [older, previous, current] = [previous, current, older];
  }
  return Math.min(previous[m]!, far);
}

/** How long an unknown name must be before a known name it begins is offered (`hours` for `hoursUsed`). */
export const MIN_PREFIX_SUGGESTION = 3;

/**
 * The known name closest to `unknown` within two edits (the first in `known` on a tie); failing
 * that, the first known name that `unknown` begins (a shortened name such as `hours` for
 * `hoursUsed`, too many edits away); `undefined` when neither is found.
 * @example closestName('discountPrecent', ['capHours', 'discountPercent']) // 'discountPercent'
 * @example closestName('hours', ['quantity', 'hoursUsed']) // 'hoursUsed'
 * @example closestName('qty', ['quantity']) // undefined
 */
export function closestName(unknown: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = MAX_SUGGESTION_EDITS + 1;
  for (const name of known) {
    const distance = editDistance(unknown, name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  if (best !== undefined || unknown.length < MIN_PREFIX_SUGGESTION) return best;
  return known.find((name) => name.startsWith(unknown));
}

/**
 * The allowed enum value closest to a refused one: the received text upper-cased (spaces and
 * dashes as underscores) within two edits of a full name or of its name without the family
 * prefix (`PER_UNIT` for `PRICING_MODEL_PER_UNIT`); `_UNSPECIFIED` is never offered.
 * @example closestEnumValue('per-unit', PRICING_MODELS) // 'PRICING_MODEL_PER_UNIT'
 */
export function closestEnumValue(received: string, values: readonly string[]): string | undefined {
  const wanted = received.trim().toUpperCase().replace(/[\s-]+/g, '_');
  // NOTE: every enum lists `<PREFIX>UNSPECIFIED` first, which gives the family prefix.
  const prefix = (values[0] as string).slice(0, -'UNSPECIFIED'.length);
  let best: string | undefined;
  let bestDistance = MAX_SUGGESTION_EDITS + 1;
  for (const name of values.slice(1)) {
    const distance = Math.min(editDistance(wanted, name), editDistance(wanted, name.slice(prefix.length)));
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}
