import { describe, expect, it } from 'vitest';
import { createWebhookProcessor } from './webhook-processor.js';

// NOTE: precheck never touches storage; a store that throws proves it.
const processor = createWebhookProcessor({
  store: new Proxy({}, { get: () => { throw new Error('storage touched'); } }) as never,
  config: { webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_a', secrets: ['whsec_x'], requireBearer: false, toleranceSeconds: 300 }] },
  clock: () => new Date('2024-01-01T00:00:00Z'),
  newId: () => 'id',
});

describe('examples', () => {
  it('an unknown provider is refused first, naming the supported ones', () => {
    expect(processor.precheck('paypal', { 'stripe-signature': 't=1,v1=ab' })).toMatchObject({
      code: 'webhook.unknown_provider',
      message: expect.stringContaining('stripe, paddle, standard'),
    });
  });

  it('a supported provider without an endpoint is not configured, whatever its headers', () => {
    expect(processor.precheck('paddle', {})).toMatchObject({ code: 'webhook.not_configured' });
  });

  it('a configured provider without its signature header is refused before the body', () => {
    expect(processor.precheck('stripe', {})).toMatchObject({ code: 'webhook.invalid_signature', success: false });
  });

  it('a configured provider with its signature header goes on', () => {
    expect(processor.precheck('stripe', { 'stripe-signature': 't=1,v1=ab' })).toBeUndefined();
  });

  it('handle refuses an unsigned delivery too (its verifier finds no signature)', async () => {
    const ack = await processor.handle({
      provider: 'stripe', headers: {}, rawBody: new Uint8Array([0xff]), principal: null, now: new Date(),
    });
    expect(ack.code).toBe('webhook.invalid_signature');
  });
});
