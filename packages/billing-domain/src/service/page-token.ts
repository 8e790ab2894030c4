import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddonListCursor } from '../domain/ports.js';
import { isStorableText } from '../webhooks/storable-text.js';

/** What a token is issued for: it is accepted only for the same organization and filter. */
export interface PageTokenScope {
  organizationId: string;
  /** The query's subscriptionId, null when the query has none. */
  subscriptionId: string | null;
  /** The query's externalSubscriptionId, null when the query has none. */
  externalSubscriptionId: string | null;
}

/** Longest token accepted by default (setting BILLING_PAGE_TOKEN_MAX_LENGTH); anything longer is refused before any work. */
export const MAX_PAGE_TOKEN_LENGTH = 1024;

const MAC_BYTES = 32;
const MAC_CHARS = 43; // base64url of 32 bytes, unpadded
const VERSION = 'addonSubscriptions.list/v1';
// NOTE: what PostgreSQL's timestamptz holds and toISOString writes alike: years 0001..9999 only.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function macOver(key: Uint8Array, head: readonly (string | null)[], body: Uint8Array): Buffer {
  // NOTE: JSON holds no raw newline, so head + '\n' + body is an unambiguous message.
  return createHmac('sha256', key).update(`${JSON.stringify(head)}\n`, 'utf8').update(body).digest();
}

const mac = (key: Uint8Array, scope: PageTokenScope, body: Uint8Array): Buffer =>
  macOver(key, [VERSION, scope.organizationId, scope.subscriptionId, scope.externalSubscriptionId], body);

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
 * A signed token for the position after `cursor`: base64url of the key shown last, a dot, and
 * base64url of HMAC-SHA256 over the scope and that key. The page size is not part of it.
 * @example signPageToken(key, { organizationId: 'org_1', subscriptionId: null, externalSubscriptionId: null }, { createTime, id })
 */
export function signPageToken(key: Uint8Array, scope: PageTokenScope, cursor: AddonListCursor): string {
  const body = Buffer.from(JSON.stringify([cursor.createTime, cursor.id]), 'utf8');
  return `${body.toString('base64url')}.${mac(key, scope, body).toString('base64url')}`;
}

/**
 * The cursor of a token this key signed for this scope; undefined for anything else (altered,
 * foreign, malformed or longer than `maxLength`), checked in constant time over the MAC bytes.
 * @example verifyPageToken(key, scope, 'garbage') // undefined
 */
export function verifyPageToken(
  key: Uint8Array,
  scope: PageTokenScope,
  token: string,
  maxLength: number = MAX_PAGE_TOKEN_LENGTH,
): AddonListCursor | undefined {
  // Only this server's own tokens pass the MAC; their content is checked all the same.
  const parsed = openSigned(token, maxLength, (body) => mac(key, scope, body));
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
  const [createTime, id] = parsed as unknown[];
  if (typeof createTime !== 'string' || typeof id !== 'string' || !ISO_INSTANT.test(createTime)) return undefined;
  const time = new Date(createTime);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== createTime || !isStorableText(id)) return undefined;
  return { createTime, id };
}
