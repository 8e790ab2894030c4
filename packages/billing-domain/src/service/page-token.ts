import type { AddonListCursor } from '../storage/ports.js';

/** What a page token carries: the last key shown and the query it belongs to. */
export interface PageTokenContent extends AddonListCursor {
  /** The query's subscriptionId ('' for all). */
  subscriptionId: string;
}

/**
 * An opaque token: base64url of the last key and the query's subscriptionId.
 * @example encodePageToken({ createTime: '2024-01-01T00:00:00.000Z', id: 'a1', subscriptionId: '' })
 */
export function encodePageToken(content: PageTokenContent): string {
  return Buffer.from(JSON.stringify([content.createTime, content.id, content.subscriptionId]), 'utf8').toString('base64url');
}

/**
 * Reads a token made by encodePageToken; undefined for anything else.
 * @example decodePageToken('garbage') // undefined
 */
export function decodePageToken(token: string): PageTokenContent | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
    const [createTime, id, subscriptionId] = parsed as unknown[];
    if (typeof createTime !== 'string' || typeof id !== 'string' || typeof subscriptionId !== 'string') return undefined;
    if (Number.isNaN(Date.parse(createTime)) || new Date(createTime).toISOString() !== createTime) return undefined;
    return { createTime, id, subscriptionId };
  } catch {
    return undefined;
  }
}
