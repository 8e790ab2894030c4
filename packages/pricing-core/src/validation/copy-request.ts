import type { FieldKind, ObjectFields } from '../request/fields.js';
import { REQUEST_FIELDS } from '../request/fields.js';
import { isPlainObject } from './read-usage.js';

/** A copy of an array of numbers, or the value itself. */
const copySeries = (value: unknown): unknown => (Array.isArray(value) ? [...(value as unknown[])] : value);

/** A copy of a map's own enumerable entries ("__proto__" dropped), each value through `copy`. */
function copyMap(value: Record<string, unknown>, copy: (entry: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = copy(value[key]);
  return out;
}

function copyField(value: unknown, field: FieldKind): unknown {
  if (value === undefined || value === null) return value;
  switch (field.kind) {
    case 'usage':
      return isPlainObject(value) ? copyMap(value, copySeries) : copySeries(value);
    case 'moneyMap':
      return copyMap(value as Record<string, unknown>, (entry) => entry);
    case 'list':
      return (value as unknown[]).map((item) => copyObject(item as Record<string, unknown>, field.of));
    case 'object':
      return copyObject(value as Record<string, unknown>, field.of);
    default:
      return value;
  }
}

function copyObject(value: Record<string, unknown>, spec: ObjectFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(spec.fields)) if (name in value) out[name] = copyField(value[name], field);
  return out;
}

/**
 * A copy of a valid request (the walk found nothing to report): its declared fields only, maps
 * without "__proto__", as a schema library's parse returns it, and apart from the caller's objects.
 * @example copyRequest({ instances: [{ quantity: 2 }] }) // an equal, separate object
 */
export function copyRequest(request: Record<string, unknown>): Record<string, unknown> {
  return copyObject(request, REQUEST_FIELDS);
}
