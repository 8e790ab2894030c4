import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_SECRET, stripeSignature } from '../../../../test/fixtures/webhooks/sign.js';
import { stripeEventBody, stripeSubscription } from '../../../../test/fixtures/webhooks/stripe.js';
import { verifyWebhookSignature } from '../index.js';

const now = new Date('2024-06-10T06:13:20Z');
const t = Math.floor(now.getTime() / 1000);
const body = stripeEventBody('customer.subscription.updated', stripeSubscription());
const verify = (header: string | undefined, overrides: Partial<{ rawBody: string; secrets: string[]; now: Date }> = {}) =>
  verifyWebhookSignature('stripe', {
    headers: { 'stripe-signature': header },
    secrets: [STRIPE_SECRET],
    toleranceSeconds: 300,
    now,
    ...overrides,
    rawBody: Buffer.from(overrides.rawBody ?? body),
  });
const hex = (secret: string, payload: string, at: number) => stripeSignature(payload, secret, at).split('v1=')[1] ?? '';

describe('examples', () => {
  it('accepts the header Stripe\'s SDK generates over the pretty-printed body', () => {
    expect(body).toContain('\n  "id"');
    expect(verify(stripeSignature(body, STRIPE_SECRET, t))).toEqual({ ok: true });
  });

  it('agrees with Stripe\'s SDK verifier on the same header', () => {
    const header = stripeSignature(body, STRIPE_SECRET, t);
    expect(Stripe.webhooks.signature?.verifyHeader(body, header, STRIPE_SECRET, 300, undefined, t)).toBe(true);
    expect(verify(header).ok).toBe(true);
  });

  it('accepts any configured secret (rotation)', () => {
    const header = stripeSignature(body, 'whsec_new_2', t);
    expect(verify(header, { secrets: ['whsec_old_1', 'whsec_new_2'] })).toEqual({ ok: true });
    expect(verify(header, { secrets: ['whsec_old_1'] })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    const many = Array.from({ length: 8 }, (_, i) => `whsec_wrong_${i}`);
    expect(verify(header, { secrets: many })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    expect(verify(header, { secrets: [] })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });

  it('accepts when any of several v1 values matches, ignoring v0 and unknown schemes', () => {
    const good = hex(STRIPE_SECRET, body, t);
    const header = `t=${t},v0=${'0'.repeat(64)},v1=${'a'.repeat(64)},v9=zz,v1=${good}`;
    expect(verify(header)).toEqual({ ok: true });
  });

  it('rejects a tampered body and a wrong secret', () => {
    const header = stripeSignature(body, STRIPE_SECRET, t);
    expect(verify(header, { rawBody: body.replace('"active"', '"canceled"') })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    expect(verify(header, { secrets: ['whsec_other'] })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    // NOTE: the signature covers the exact bytes; re-serializing compactly breaks it.
    expect(verify(header, { rawBody: JSON.stringify(JSON.parse(body)) })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });

  it('rejects stale and future timestamps beyond the tolerance, accepts the boundary', () => {
    expect(verify(stripeSignature(body, STRIPE_SECRET, t - 301))).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verify(stripeSignature(body, STRIPE_SECRET, t + 301))).toMatchObject({ ok: false, reason: 'future_timestamp' });
    expect(verify(stripeSignature(body, STRIPE_SECRET, t - 300))).toEqual({ ok: true });
    expect(verify(stripeSignature(body, STRIPE_SECRET, t + 300))).toEqual({ ok: true });
  });

  it('reports missing and malformed headers', () => {
    expect(verify(undefined)).toMatchObject({ ok: false, reason: 'missing_signature' });
    expect(verify('')).toMatchObject({ ok: false, reason: 'missing_signature' });
    expect(verify(`v1=${hex(STRIPE_SECRET, body, t)}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`t=abc,v1=${hex(STRIPE_SECRET, body, t)}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`t=${t},v0=${hex(STRIPE_SECRET, body, t)}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`t=${t},v1=not-hex`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`t=${t},t=${t},v1=${hex(STRIPE_SECRET, body, t)}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
  });

  it('finds the header whatever its case', () => {
    const result = verifyWebhookSignature('stripe', {
      headers: { 'Stripe-Signature': stripeSignature(body, STRIPE_SECRET, t) },
      rawBody: Buffer.from(body), secrets: [STRIPE_SECRET], toleranceSeconds: 300, now,
    });
    expect(result).toEqual({ ok: true });
  });

  it('never puts a secret or the expected signature in the message', () => {
    const result = verify(stripeSignature(body, 'whsec_other', t));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).not.toContain(STRIPE_SECRET);
      expect(result.message).not.toContain(hex(STRIPE_SECRET, body, t));
    }
  });
});
