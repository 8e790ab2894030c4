import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_TOKEN_LENGTH, signListToken, timeIdCursor, verifyListToken } from './paging.js';

const key = randomBytes(32);
type Scope = { organizationId: string; subscriptionId: string | null; externalSubscriptionId: string | null };
const scope: Scope = { organizationId: 'org_1', subscriptionId: null, externalSubscriptionId: null };
const scopeOf = (s: Scope) => ['addonSubscriptions.list/v1', s.organizationId, s.subscriptionId, s.externalSubscriptionId];
/** The add-on listing's token: the one signer with the (creation time, id) cursor. */
const signPageToken = (k: Uint8Array, s: Scope, c: { createTime: string; id: string }) => signListToken(k, scopeOf(s), timeIdCursor.of(c));
const verifyPageToken = (k: Uint8Array, s: Scope, token: string) => {
  const parts = verifyListToken(k, scopeOf(s), token, timeIdCursor.size);
  return parts === undefined ? undefined : timeIdCursor.read(parts);
};
const cursor = { createTime: '2025-03-01T00:00:00.000Z', id: 'a1' };

describe('examples', () => {
  it('round-trips a cursor in a base64url token', () => {
    const token = signPageToken(key, scope, cursor);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPageToken(key, scope, token)).toEqual(cursor);
  });

  it('refuses another key, organization or filter', () => {
    const token = signPageToken(key, scope, cursor);
    expect(verifyPageToken(randomBytes(32), scope, token)).toBeUndefined();
    expect(verifyPageToken(key, { ...scope, organizationId: 'org_2' }, token)).toBeUndefined();
    expect(verifyPageToken(key, { ...scope, subscriptionId: 's1' }, token)).toBeUndefined();
    expect(verifyPageToken(key, { ...scope, subscriptionId: '' }, token)).toBeUndefined();
    expect(verifyPageToken(key, { ...scope, externalSubscriptionId: 'sub_1' }, token)).toBeUndefined();
  });

  it('refuses what the key signed when the content cannot be a position (NUL id, year out of range)', () => {
    const forge = (createTime: string, id: string) => {
      const body = Buffer.from(JSON.stringify([createTime, id])).toString('base64url');
      const mac = signPageToken(key, scope, { createTime, id }).split('.')[1];
      return `${body}.${mac}`;
    };
    expect(verifyPageToken(key, scope, forge('2025-03-01T00:00:00.000Z', 'a\u0000'))).toBeUndefined();
    expect(verifyPageToken(key, scope, forge('-271821-04-20T00:00:00.000Z', 'a1'))).toBeUndefined();
    expect(verifyPageToken(key, scope, forge('+275760-09-13T00:00:00.000Z', 'a1'))).toBeUndefined();
    expect(verifyPageToken(key, scope, forge('2025-02-30T00:00:00.000Z', 'a1'))).toBeUndefined();
  });

  it.each(['', '.', 'garbage!', 'e30', `${'a'.repeat(10)}.${'b'.repeat(42)}`, 'x'.repeat(MAX_PAGE_TOKEN_LENGTH + 1)])(
    'refuses %j',
    (token) => {
      expect(verifyPageToken(key, scope, token)).toBeUndefined();
    },
  );
});

describe('properties', () => {
  const cursors = fc.record({
    createTime: fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    id: fc.string({ maxLength: 100 }).filter((s) => !s.includes('\u0000')),
  });

  it('round trip: verify(sign(c)) = c', () => {
    fc.assert(
      fc.property(cursors, (c) => {
        expect(verifyPageToken(key, scope, signPageToken(key, scope, c))).toEqual(c);
      }),
      { numRuns: 200 },
    );
  });

  it('integrity: any one changed character makes verify(t) undefined', () => {
    fc.assert(
      fc.property(cursors, fc.nat(), fc.constantFrom(...'ABCabc019_-.'), (c, at, ch) => {
        const token = signPageToken(key, scope, c);
        const i = at % token.length;
        fc.pre(token[i] !== ch);
        expect(verifyPageToken(key, scope, `${token.slice(0, i)}${ch}${token.slice(i + 1)}`)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
