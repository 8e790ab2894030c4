import type { PathSegment } from '../validation/field-path.js';

// NOTE: one step of a formatted field path: `.name` (or a leading name), `[index]`, or `["key"]`.
const STEP = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;

/**
 * The steps of a field path as `formatPath` writes it, for a schema library's issue path.
 * @example pathOfField('instances[0].usage["cpu-hours"]') // ['instances', 0, 'usage', 'cpu-hours']
 */
export function pathOfField(field: string): PathSegment[] {
  if (field === 'request') return [];
  return [...field.matchAll(STEP)].map(([, name, index, quoted]) => name ?? (index === undefined ? (JSON.parse(quoted as string) as string) : Number(index)));
}
