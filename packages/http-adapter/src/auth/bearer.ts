/**
 * The token of an `Authorization: Bearer <token>` header; null when absent or another scheme.
 * @example bearerToken('Bearer abc') // 'abc'
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Header carrying the organization a call acts for. */
export const ORGANIZATION_HEADER = 'X-Organization-ID';
/** The same, as header names are compared (lower case). */
export const ORGANIZATION_HEADER_NAME = 'x-organization-id';
