import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../src/auth/token-verifier.js';
import { verifiedTokenCache } from '../../src/auth/verified-tokens.js';
import { signToken, TEST_SECRET } from '../support/tokens.js';

// The verifier remembers tokens that verified; remembering must never accept what verifying would refuse.

describe('examples: a remembered token', () => {
  it('is refused once it expires, although it verified before', async () => {
    let now = Date.now();
    const verifier = createJwtVerifier({ secret: TEST_SECRET, clock: () => new Date(now) });
    const token = await signToken({ expiresIn: 30 });
    expect((await verifier.verify(token)).ok).toBe(true);
    expect((await verifier.verify(token)).ok).toBe(true);
    now += 31_000;
    expect(await verifier.verify(token)).toMatchObject({ ok: false, reason: 'the token has expired' });
  });

  it('is refused before its nbf, even when a clock going back meets a remembered entry', async () => {
    let now = Date.now() + 120_000;
    const verifier = createJwtVerifier({ secret: TEST_SECRET, clock: () => new Date(now) });
    const token = await signToken({ claims: { nbf: Math.floor(now / 1000) - 10 } });
    expect((await verifier.verify(token)).ok).toBe(true);
    now -= 60_000;
    expect((await verifier.verify(token)).ok).toBe(false);
  });

  it('refusals are not remembered: a wrong signature stays wrong, a right one stays right', async () => {
    const verifier = createJwtVerifier({ secret: TEST_SECRET });
    const token = await signToken();
    const forged = `${token.slice(0, -4)}AAAA`;
    for (let i = 0; i < 3; i++) {
      expect((await verifier.verify(forged)).ok).toBe(false);
      expect((await verifier.verify(token)).ok).toBe(true);
    }
  });
});

describe('properties', () => {
  it('bounded life: ∀ exp, ttl, t. get(t) defined ⇒ t < min(exp, set time + ttl)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 0, max: 20_000 }), (expSeconds, ttl, t) => {
        const cache = verifiedTokenCache(ttl, 10);
        cache.set('tok', 0, { exp: expSeconds }, { organizationIds: ['o'], subject: null });
        const hit = cache.get('tok', t);
        return hit === undefined || t < Math.min(expSeconds * 1000, ttl);
      }),
      { numRuns: 500 },
    );
  });

  it('bounded size: ∀ n tokens. remembered ≤ capacity, the newest kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 10 }), (n, capacity) => {
        const cache = verifiedTokenCache(60_000, capacity);
        for (let i = 0; i < n; i++) cache.set(`t${i}`, 0, { exp: 100 }, { organizationIds: [], subject: null });
        const kept = Array.from({ length: n }, (_, i) => cache.get(`t${i}`, 1)).filter(Boolean).length;
        return kept === Math.min(n, capacity) && cache.get(`t${n - 1}`, 1) !== undefined;
      }),
      { numRuns: 200 },
    );
  });
  it('least recently used is forgotten first: ∀ capacity c, used token u. set t0..t(c-1), get(u), set t(c) ⇒ u kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }).chain((c) => fc.tuple(fc.constant(c), fc.integer({ min: 0, max: c - 1 }))), ([capacity, used]) => {
        const cache = verifiedTokenCache(60_000, capacity);
        const allows = { organizationIds: [], subject: null };
        for (let i = 0; i < capacity; i++) cache.set(`t${i}`, 0, { exp: 100 }, allows);
        if (cache.get(`t${used}`, 1) === undefined) return false;
        cache.set(`t${capacity}`, 1, { exp: 100 }, allows);
        const forgotten = used === 0 ? 't1' : 't0';
        return cache.get(`t${used}`, 2) !== undefined && cache.get(forgotten, 2) === undefined && cache.get(`t${capacity}`, 2) !== undefined;
      }),
      { numRuns: 200 },
    );
  });
});
