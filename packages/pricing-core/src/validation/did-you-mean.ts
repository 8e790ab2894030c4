/** The most edits a known field may be from an unknown one and still be suggested. */
export const MAX_SUGGESTION_EDITS = 2;

// NOTE: hand-written because the rule is this small: the optimal-string-alignment form of the
// Damerau-Levenshtein distance (insert, delete, substitute, swap two neighbours), cut off at
// `max` so that a long unknown key costs one short row scan, not a full table. No library
// offers exactly "at most two edits, swaps count as one" without pulling in fuzzy search.
/**
 * The edit distance between two strings, or `max + 1` when it is greater than `max`.
 * @example editDistance('unitAmmount', 'unitAmount') // 1
 */
export function editDistance(a: string, b: string, max = MAX_SUGGESTION_EDITS): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * The known name closest to `unknown` within two edits (the first in `known` on a tie), or
 * `undefined` when none is that close.
 * @example closestName('discountPrecent', ['capHours', 'discountPercent']) // 'discountPercent'
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
  return best;
}
