import { formatPath, unknownFieldMessage, type FieldViolation } from '@billing/pricing-core';
import type { z } from 'zod';

/**
 * A field path in the one format every violation uses (pricing-core's: `webhookEndpoints[0].secrets[1]`,
 * `usage["cpu-hours"]`), with `root` naming the whole input (what the path is relative to differs by caller).
 * @example formatFieldPath(['data', 'items', 0, 'unitAmount']) // 'data.items[0].unitAmount'
 * @example formatFieldPath([], 'body') // 'body'
 */
export function formatFieldPath(path: readonly PropertyKey[], root = ''): string {
  return path.length === 0 ? root : formatPath(path.map((key) => (typeof key === 'symbol' ? String(key) : key)));
}

/**
 * The field violations of a zod failure of `schema`, all of them, each at its own path: an unknown key
 * of a strict object is one violation at that key's path, worded as the pricing engine words it
 * (with "did you mean" when a known field is near).
 * @example zodViolations(schema.safeParse({ descripton: 'x' }).error, schema, 'body')
 * // [{ field: 'descripton', description: 'Unknown field: did you mean "description"?' }]
 */
export function zodViolations(error: z.ZodError, schema: z.ZodType, root = ''): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const issue of error.issues) {
    if (issue.code !== 'unrecognized_keys') {
      violations.push({ field: formatFieldPath(issue.path, root), description: issue.message });
      continue;
    }
    const known = knownKeys(schema, issue.path);
    for (const key of issue.keys) violations.push({ field: formatFieldPath([...issue.path, key], root), description: unknownFieldMessage(key, known) });
  }
  return violations;
}

/** Zod's schema parts as far as a path walks them (duck-typed: the adapter's zod is the same library). */
interface SchemaPart {
  shape?: Record<string, SchemaPart>;
  element?: SchemaPart;
  unwrap?: () => SchemaPart;
}

/** The field names of the object `schema` holds at `path`; none when it holds no object there. */
function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let at: SchemaPart | undefined = unwrapped(schema as unknown as SchemaPart);
  for (const key of path) {
    if (at === undefined) return [];
    at = unwrapped(typeof key === 'number' ? at.element : at.shape?.[String(key)]);
  }
  return at?.shape === undefined ? [] : Object.keys(at.shape);
}

/** The schema inside optional, nullable and default wrappers. */
function unwrapped(part: SchemaPart | undefined): SchemaPart | undefined {
  let at = part;
  while (at !== undefined && at.shape === undefined && at.element === undefined && typeof at.unwrap === 'function') at = at.unwrap();
  return at;
}
