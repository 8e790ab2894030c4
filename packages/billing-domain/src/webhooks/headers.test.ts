import { describe, expect, it } from 'vitest';
import { getHeader } from './headers.js';

describe('examples', () => {
  it('finds a header whatever the case of its name or of the lookup', () => {
    expect(getHeader({ 'stripe-signature': 'a' }, 'Stripe-Signature')).toBe('a');
    expect(getHeader({ 'Paddle-Signature': 'b' }, 'paddle-signature')).toBe('b');
    expect(getHeader({ 'WEBHOOK-ID': 'c' }, 'webhook-id')).toBe('c');
  });

  it('is undefined when absent or explicitly undefined', () => {
    expect(getHeader({}, 'webhook-id')).toBeUndefined();
    expect(getHeader({ 'webhook-id': undefined }, 'webhook-id')).toBeUndefined();
  });
});
