import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProviderName } from '../contract.js';
import { PADDLE_SECRET, STANDARD_SECRET, STRIPE_SECRET, paddleSignature, standardHeaders, stripeSignature } from '../../test/fixtures/webhooks/sign.js';
import { paddleEventBody, paddleSubscription } from '../../test/fixtures/webhooks/paddle.js';
import { standardBody, standardSubscriptionData } from '../../test/fixtures/webhooks/standard.js';
import { stripeEventBody, stripeSubscription } from '../../test/fixtures/webhooks/stripe.js';
import { verifyWebhookSignature } from './providers/index.js';

const now = new Date('2024-06-10T06:13:20Z');
const at = Math.floor(now.getTime() / 1000);

interface Signed { provider: ProviderName; body: string; headers: Record<string, string>; secret: string }
const deliveries: Signed[] = [
  (() => {
    const body = stripeEventBody('customer.subscription.updated', stripeSubscription());
    return { provider: 'stripe', body, secret: STRIPE_SECRET, headers: { 'stripe-signature': stripeSignature(body, STRIPE_SECRET, at) } };
  })(),
  (() => {
    const body = paddleEventBody('subscription.updated', paddleSubscription());
    return { provider: 'paddle', body, secret: PADDLE_SECRET, headers: { 'paddle-signature': paddleSignature(body, PADDLE_SECRET, at) } };
  })(),
  (() => {
    const body = standardBody('subscription.updated', standardSubscriptionData());
    return { provider: 'standard', body, secret: STANDARD_SECRET, headers: standardHeaders(body, STANDARD_SECRET, 'msg_p', now) };
  })(),
];

const verify = (d: Signed, rawBody: string, secrets: string[] = [d.secret], when: Date = now) =>
  verifyWebhookSignature(d.provider, { headers: d.headers, rawBody: Buffer.from(rawBody), secrets, toleranceSeconds: 300, now: when });

/** Flips bits of one character of an ASCII body (XOR with 1..127 keeps it ASCII and changes it). */
function flip(body: string, index: number, mask: number): string {
  const code = body.charCodeAt(index) ^ mask;
  return body.slice(0, index) + String.fromCharCode(code) + body.slice(index + 1);
}

describe('properties', () => {
  for (const delivery of deliveries) {
    it(`integrity (${delivery.provider}): verify(flip(body, i, m)) = signature_mismatch for all i, m != 0`, () => {
      expect(verify(delivery, delivery.body)).toEqual({ ok: true });
      fc.assert(
        fc.property(fc.nat({ max: delivery.body.length - 1 }), fc.integer({ min: 1, max: 127 }), (index, mask) => {
          const result = verify(delivery, flip(delivery.body, index, mask));
          return !result.ok && result.reason === 'signature_mismatch';
        }),
        { numRuns: 300 },
      );
    });

    it(`rotation (${delivery.provider}): verify(secrets) = verify(shuffle(secrets + others)) when secret is listed`, () => {
      const other = delivery.provider === 'standard' ? 'whsec_b3RoZXIgc2VjcmV0' : 'whsec_other_secret';
      fc.assert(
        fc.property(fc.shuffledSubarray([other, `${other}2`, `${other}3`]), fc.nat({ max: 3 }), (others, position) => {
          const secrets = [...others];
          secrets.splice(Math.min(position, secrets.length), 0, delivery.secret);
          return verify(delivery, delivery.body, secrets).ok && !verify(delivery, delivery.body, others).ok;
        }),
        { numRuns: 50 },
      );
    });

    it(`replay window (${delivery.provider}): ok iff |now - t| <= tolerance`, () => {
      fc.assert(
        fc.property(fc.integer({ min: -1000, max: 1000 }), (offset) => {
          const result = verify(delivery, delivery.body, [delivery.secret], new Date((at + offset) * 1000));
          return result.ok === (Math.abs(offset) <= 300);
        }),
        { numRuns: 200 },
      );
    });
  }
});
