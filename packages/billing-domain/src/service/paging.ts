import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DomainError, Outcome } from '../contract.js';
import type { AddonListCursor } from '../domain/ports.js';
import { isStorableText } from '../webhooks/storable-text.js';

/** The largest page a listing serves. */
export const MAX_PAGE_SIZE = 1000;

/** The page size when none (or 0) is asked for. */
export const DEFAULT_PAGE_SIZE = 50;

/** Longest token accepted by default (setting BILLING_PAGE_TOKEN_MAX_LENGTH); anything longer is refused before any work. */
export const MAX_PAGE_TOKEN_LENGTH = 1024;

const MAC_BYTES = 32;
const MAC_CHARS = 43; // base64url of 32 bytes, unpadded
// NOTE: what PostgreSQL's timestamptz holds and toISOString writes alike: years 0001..9999 only.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function macOver(key: Uint8Array, head: readonly (string | null)[], body: Uint8Array): Buffer {
  // NOTE: JSON holds no raw newline, so head + '\n' + body is an unambiguous message.
  return createHmac('sha256', key).update(`${JSON.stringify(head)}\n`, 'utf8').update(body).digest();
}

/**
 * A signed token for any listing: `scope` names the listing (a version string first), the
 * organization and the query's filter; `cursor` is the position after the last item shown.
 * @example signListToken(key, ['events.list/v1', 'org_1', null], ['42'])
 */
export function signListToken(key: Uint8Array, scope: readonly (string | null)[], cursor: readonly string[]): string {
  const body = Buffer.from(JSON.stringify(cursor), 'utf8');
  return `${body.toString('base64url')}.${macOver(key, scope, body).toString('base64url')}`;
}

/**
 * The cursor of a token `signListToken` made with this key and scope, holding `size` strings;
 * undefined for anything else, checked in constant time over the MAC bytes.
 * @example verifyListToken(key, ['events.list/v1', 'org_1', null], token, 1)
 */
export function verifyListToken(
  key: Uint8Array,
  scope: readonly (string | null)[],
  token: string,
  size: number,
  maxLength: number = MAX_PAGE_TOKEN_LENGTH,
): string[] | undefined {
  const parsed = openSigned(token, maxLength, (body) => macOver(key, scope, body));
  if (!Array.isArray(parsed) || parsed.length !== size) return undefined;
  return parsed.every((v): v is string => typeof v === 'string' && isStorableText(v)) ? parsed : undefined;
}

/**
 * The JSON a signed token carries, or undefined unless it is `base64url(body).base64url(mac)`
 * within `maxLength` with the MAC `expected(body)` (compared in constant time over the bytes).
 */
function openSigned(token: string, maxLength: number, expected: (body: Buffer) => Buffer): unknown {
  if (token.length > maxLength) return undefined;
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length - dot - 1 !== MAC_CHARS) return undefined;
  const body = fromBase64url(token.slice(0, dot));
  const given = fromBase64url(token.slice(dot + 1));
  if (body === undefined || given === undefined || given.length !== MAC_BYTES) return undefined;
  if (!timingSafeEqual(given, expected(body))) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** base64url text to bytes, undefined unless it is the canonical encoding of those bytes. */
function fromBase64url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/**
 * The position after an item listed by creation time and id, read back from a token's strings:
 * undefined unless the time is an ISO instant PostgreSQL's timestamptz holds and the id storable text.
 * @example timeIdCursor.read(['2025-03-01T00:00:00.000Z', 'a1']) // { createTime: '2025-03-01T00:00:00.000Z', id: 'a1' }
 */
export const timeIdCursor: PageCursor<{ createTime: string; id: string }, AddonListCursor> = {
  size: 2,
  of: (row) => [row.createTime, row.id],
  read: ([createTime, id]) => {
    if (createTime === undefined || id === undefined || !ISO_INSTANT.test(createTime) || !isStorableText(id)) return undefined;
    const time = new Date(createTime);
    return Number.isNaN(time.getTime()) || time.toISOString() !== createTime ? undefined : { createTime, id };
  },
};

/** How a listing's position is written into a token and read back. */
export interface PageCursor<Row, Cursor> {
  /** How many strings the token carries. */
  size: number;
  /** The position after `row`, as strings. */
  of: (row: Row) => string[];
  /** The position the strings name, or undefined when they name none. */
  read: (parts: string[]) => Cursor | undefined;
}

/** What one page of a listing needs. */
export interface PageRequest<Row, Cursor> {
  /** The key signing the listing's tokens. */
  key: () => Promise<Uint8Array>;
  /** A version string naming the listing first, then the organization and the query's filter. */
  scope: readonly (string | null)[];
  pageSize: number;
  pageToken?: string | undefined;
  /** Longest token accepted (BILLING_PAGE_TOKEN_MAX_LENGTH). */
  maxTokenLength: number;
  cursor: PageCursor<Row, Cursor>;
  /** Reads up to `limit` rows after `after` (from the start without it). */
  fetch: (limit: number, after: Cursor | undefined) => Promise<Row[]>;
}

const refusal = (code: DomainError['code'], field: string, description: string): { ok: false; error: DomainError } => ({
  ok: false,
  error: { code, message: description, fieldViolations: [{ field, description }] },
});

/**
 * The refusal of a page size outside 1..MAX_PAGE_SIZE, or undefined.
 * @example pageSizeRefusal(0) // { ok: false, error: { code: 'request.invalid_argument', ... } }
 */
export function pageSizeRefusal(pageSize: number): { ok: false; error: DomainError } | undefined {
  return Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE
    ? undefined
    : refusal('request.invalid_argument', 'pageSize', `pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}`);
}

/**
 * One page of any listing, the one paging loop: the page size checked, the page token verified for
 * this scope, `pageSize + 1` rows read after its position (the extra row tells whether a next page
 * exists), and the next token signed from the last row shown ('' on the last page).
 * @example await readPage({ key, scope: ['events.list/v1', org], pageSize: 50, maxTokenLength: 1024, cursor, fetch })
 */
export async function readPage<Row, Cursor>(request: PageRequest<Row, Cursor>): Promise<Outcome<{ rows: Row[]; nextPageToken: string }>> {
  const { pageSize, cursor } = request;
  const badSize = pageSizeRefusal(pageSize);
  if (badSize !== undefined) return badSize;
  let after: Cursor | undefined;
  if (request.pageToken) {
    const parts = verifyListToken(await request.key(), request.scope, request.pageToken, cursor.size, request.maxTokenLength);
    after = parts === undefined ? undefined : cursor.read(parts);
    if (after === undefined) return refusal('request.invalid_page_token', 'pageToken', 'pageToken is not valid for this query');
  }
  const rows = await request.fetch(pageSize + 1, after);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const nextPageToken = rows.length > pageSize && last !== undefined ? signListToken(await request.key(), request.scope, cursor.of(last)) : '';
  return { ok: true, value: { rows: page, nextPageToken } };
}
