import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePageToken, encodePageToken } from './page-token.js';

describe('examples', () => {
  it('round-trips a key and is opaque base64url', () => {
    const content = { createTime: '2025-03-01T00:00:00.000Z', id: 'a1', subscriptionId: 's1' };
    const token = encodePageToken(content);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageToken(token)).toEqual(content);
  });

  it.each(['', 'garbage!', 'e30', Buffer.from('["x","a",""]').toString('base64url'), Buffer.from('[1,2,3]').toString('base64url')])(
    'refuses %j',
    (token) => {
      expect(decodePageToken(token)).toBeUndefined();
    },
  );
});

describe('properties', () => {
  it('round trip: decode(encode(k)) = k', () => {
    const key = fc.record({
      createTime: fc.date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
      id: fc.string(),
      subscriptionId: fc.string(),
    });
    fc.assert(
      fc.property(key, (k) => {
        expect(decodePageToken(encodePageToken(k))).toEqual(k);
      }),
      { numRuns: 200 },
    );
  });
});
