import { describe, expect, it } from 'vitest';
import { missingSignatureHeaders } from './providers/index.js';

describe('examples', () => {
  it('names the missing header of each provider, in any case, and nothing when all are there', () => {
    expect(missingSignatureHeaders('stripe', {})).toBe('Stripe-Signature header is missing');
    expect(missingSignatureHeaders('stripe', { 'Stripe-Signature': ' ' })).toBe('Stripe-Signature header is missing');
    expect(missingSignatureHeaders('stripe', { 'Stripe-Signature': 't=1,v1=ab' })).toBeUndefined();
    expect(missingSignatureHeaders('paddle', { 'stripe-signature': 't=1,v1=ab' })).toBe('Paddle-Signature header is missing');
    expect(missingSignatureHeaders('paddle', { 'paddle-signature': 'ts=1;h1=ab' })).toBeUndefined();
    expect(missingSignatureHeaders('standard', { 'webhook-id': 'msg_1' })).toBe('missing header(s): webhook-timestamp, webhook-signature');
    expect(missingSignatureHeaders('standard', { 'webhook-id': 'm', 'webhook-timestamp': '1', 'webhook-signature': 'v1,AA==' })).toBeUndefined();
    expect(missingSignatureHeaders('standard', { 'svix-id': 'm', 'svix-timestamp': '1', 'svix-signature': 'v1,AA==' })).toBeUndefined();
  });
});
