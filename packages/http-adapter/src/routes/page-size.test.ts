import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageSizeOf } from './page-size.js';

describe('examples: pageSizeOf', () => {
  it.each([
    [undefined, 50],
    ['', 50],
    ['0', 50],
    ['1', 1],
    ['50', 50],
    ['1000', 1000],
    ['1001', 1000],
    ['99999999999999999999999', 1000],
    ['007', 7],
  ])('%j -> %i', (raw, size) => expect(pageSizeOf(raw)).toEqual({ ok: true, value: size }));

  it.each([['-1'], ['-1000'], ['abc'], ['1.5'], ['1e3'], ['10abc'], ['NaN'], [' - 3']])('%j is refused', (raw) => {
    expect(pageSizeOf(raw).ok).toBe(false);
  });

  it('negative numbers are refused as negative', () => {
    expect(pageSizeOf('-5')).toEqual({ ok: false, description: 'must not be negative' });
  });
});

describe('properties', () => {
  it('clamp: pageSizeOf(String(n)) = n = 0 ? 50 : min(n, 1000) for n >= 0', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), (n) => {
        expect(pageSizeOf(String(n))).toEqual({ ok: true, value: n === 0 ? 50 : Math.min(n, 1000) });
      }),
      { numRuns: 200 },
    );
  });
});
