import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { testApp } from '../../test/support/app.js';
import { fakeBilling, type FakeBilling } from '../../test/support/fake-billing.js';

/** A request body that counts how often it is read; it yields `body` then ends. */
function countedBody(body: Uint8Array) {
  const counter = { reads: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.reads += 1;
        controller.enqueue(body);
        controller.close();
      },
    },
    { highWaterMark: 0 }, // NOTE: nothing is pulled until someone reads.
  );
  return { stream, counter };
}

const post = (provider: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost/api/v1/webhooks/${provider}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

const SIGNATURE_HEADERS: [string, Record<string, string>, string][] = [
  ['stripe', { 'stripe-signature': 't=1,v1=ab' }, 'Stripe-Signature header is missing'],
  ['paddle', { 'paddle-signature': 'ts=1;h1=ab' }, 'Paddle-Signature header is missing'],
  ['standard', { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,AA==' }, 'webhook-id, webhook-timestamp, webhook-signature'],
];

describe('examples: header-first refusal and one raw read', () => {
  it.each(SIGNATURE_HEADERS)('%s without its signature header(s): 400 ack, body never read, domain not called', async (provider, headers, missing) => {
    const billing = fakeBilling();
    const app = testApp(billing);
    const { stream, counter } = countedBody(new TextEncoder().encode('{"id":"evt_1"}'));
    const res = await app.request(post(provider, stream, { 'content-type': 'application/json' }));
    expect(res.status).toBe(400);
    const ack = (await res.json()) as { success: boolean; eventId: string; message: string };
    expect(ack).toMatchObject({ success: false, eventId: '' });
    expect(ack.message).toContain(missing);
    expect(counter.reads).toBe(0);
    expect(billing.deliveries).toEqual([]);
    // The same body with the headers is read, once (so the counter can see reads).
    const signed = countedBody(new TextEncoder().encode('{"id":"evt_1"}'));
    expect((await app.request(post(provider, signed.stream, headers))).status).toBe(200);
    expect(signed.counter.reads).toBe(1);
    expect(billing.deliveries).toHaveLength(1);
  });

  it('a body over the limit without Content-Length: 413 while streaming; a declared one: 413 before reading', async () => {
    const billing = fakeBilling();
    const app = testApp(billing, { bodyLimitBytes: 16 });
    const headers = { 'stripe-signature': 't=1,v1=ab' };
    const streamed = countedBody(new Uint8Array(17));
    expect((await app.request(post('stripe', streamed.stream, headers))).status).toBe(413);
    const declared = countedBody(new Uint8Array(17));
    const res = await app.request(post('stripe', declared.stream, { ...headers, 'content-length': '17' }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, eventId: '', message: 'body over 16 bytes (BILLING_BODY_LIMIT_BYTES)' });
    expect(declared.counter.reads).toBe(0);
    const exact = countedBody(new Uint8Array(16));
    expect((await app.request(post('stripe', exact.stream, headers))).status).toBe(200);
    expect(billing.deliveries.map((d) => d.rawBody.byteLength)).toEqual([16]);
  });
});

describe('examples: key set unavailable on the webhook route', () => {
  const keysDown: TokenVerifier = { verify: async () => ({ ok: false, reason: 'the token could not be verified right now', unavailable: true }) };
  const appWith = (billing: FakeBilling) => createApp({ billing, auth: keysDown, logger: pino({ level: 'silent' }), bodyLimitBytes: 1024 });
  const deliver = (billing: FakeBilling) =>
    appWith(billing).request(post('stripe', '{}', { 'stripe-signature': 't=1,v1=ab', authorization: 'Bearer a.b.c', 'x-organization-id': 'org_a' }));

  it.each(['webhook.unauthenticated', 'webhook.invalid_signature'] as const)('a token that could not be checked and %s: 503 ack with Retry-After, never 401', async (code) => {
    const billing = fakeBilling();
    billing.nextAck = { code, success: false, eventId: '', message: 'refused' };
    const res = await deliver(billing);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(await res.json()).toMatchObject({ success: false, eventId: '' });
  });

  it('a delivery its signature alone authenticates is still processed', async () => {
    const billing = fakeBilling();
    billing.nextAck = { code: 'webhook.applied', success: true, eventId: 'evt_1', message: 'applied' };
    const res = await deliver(billing);
    expect(res.status).toBe(200);
    expect(billing.deliveries[0]).toMatchObject({ principal: null, unauthenticated: 'invalid_credentials' });
  });
});
