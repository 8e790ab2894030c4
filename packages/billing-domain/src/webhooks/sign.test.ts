import fc from 'fast-check';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { PADDLE_SECRET, STANDARD_SECRET, STRIPE_SECRET } from '../../test/fixtures/webhooks/sign.js';
import { WebhookSecretError } from './sign.js';
import { signWebhook } from './providers/index.js';
import { verifyWebhookSignature } from './providers/index.js';

const at = fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }).map((s) => new Date(s * 1000));
const body = fc.string({ maxLength: 200 });

describe('laws: the one signer', () => {
  it("signs as the providers' own libraries do: ∀ body, time. signWebhook('stripe') = Stripe SDK's test header ∧ signWebhook('standard') = standardwebhooks' signature", () => {
    fc.assert(
      fc.property(body, at, (payload, now) => {
        const timestamp = Math.floor(now.getTime() / 1000);
        expect(signWebhook('stripe', payload, STRIPE_SECRET, { now })['stripe-signature']).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp }));
        const standard = signWebhook('standard', payload, STANDARD_SECRET, { now, eventId: 'msg_1' });
        expect(standard).toEqual({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': new Webhook(STANDARD_SECRET).sign('msg_1', now, payload) });
      }),
    );
  });

  it('verifies: ∀ provider, body bytes. verifyWebhookSignature accepts what signWebhook signed', () => {
    const secrets = { stripe: STRIPE_SECRET, paddle: PADDLE_SECRET, standard: STANDARD_SECRET };
    fc.assert(
      fc.property(fc.constantFrom('stripe', 'paddle', 'standard' as const), fc.uint8Array({ maxLength: 200 }), (provider, rawBody) => {
        const now = new Date('2024-06-10T06:13:20Z');
        const headers = signWebhook(provider, rawBody, secrets[provider], { now, eventId: 'msg_1' });
        expect(verifyWebhookSignature(provider, { headers, rawBody, secrets: [secrets[provider]], toleranceSeconds: 300, now })).toEqual({ ok: true });
      }),
    );
  });
});

describe('examples: the signer', () => {
  it('a standard secret that is not whsec_ and base64 cannot sign', () => {
    expect(() => signWebhook('standard', '{}', 'not-a-secret', { now: new Date(), eventId: 'msg_1' })).toThrow(WebhookSecretError);
  });
});
