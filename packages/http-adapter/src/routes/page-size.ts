/** Page size when none (or 0) is asked for. */
export const DEFAULT_PAGE_SIZE = 50;
/** Larger page sizes are served as this one. */
export const MAX_PAGE_SIZE = 1000;

export type PageSize = { ok: true; value: number } | { ok: false; description: string };

/**
 * Reads the `pageSize` query parameter (AIP-158): absent, empty or 0 -> 50; above 1000 -> 1000;
 * negative or not an integer -> refused.
 * @example pageSizeOf('2000') // { ok: true, value: 1000 }
 */
export function pageSizeOf(raw: string | undefined): PageSize {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: DEFAULT_PAGE_SIZE };
  if (/^-\d+$/.test(text) && !/^-0+$/.test(text)) return { ok: false, description: 'must not be negative' };
  if (!/^[+-]?\d+$/.test(text)) return { ok: false, description: 'must be an integer' };
  // NOTE: compared as digit strings, so any length of digits is safe.
  const digits = text.replace(/^[+-]?0*/, '');
  if (digits === '') return { ok: true, value: DEFAULT_PAGE_SIZE };
  if (digits.length > 4) return { ok: true, value: MAX_PAGE_SIZE };
  return { ok: true, value: Math.min(Number(digits), MAX_PAGE_SIZE) };
}
