import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@billing/billing-domain';

export type PageSize = { ok: true; value: number } | { ok: false; description: string };

/**
 * Reads the `pageSize` query parameter (AIP-158): absent, empty or 0 -> DEFAULT_PAGE_SIZE (50); above
 * MAX_PAGE_SIZE (1000) -> MAX_PAGE_SIZE;
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
  if (digits.length > String(MAX_PAGE_SIZE).length) return { ok: true, value: MAX_PAGE_SIZE };
  return { ok: true, value: Math.min(Number(digits), MAX_PAGE_SIZE) };
}
