import type { WebhookOutcomeCode } from '@billing/billing-domain';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { OTHER_SECRET, signToken } from '../../test/support/tokens.js';

/** Signature headers present (the fake domain does not verify them; the route only checks they are there). */
const SIGNED: Record<string, Record<string, string>> = {
  stripe: { 'stripe-signature': 't=1,v1=ab' },
  paddle: { 'paddle-signature': 'ts=1;h1=ab' },
  standard: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,AA==' },
};
const deliver = (app: ReturnType<typeof testApp>, provider: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  app.request(`/api/v1/webhooks/${provider}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...SIGNED[provider], ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) },
  });
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

describe('examples: POST /api/v1/webhooks/{provider}', () => {
  it('an unknown provider: 404 acknowledgement naming the supported ones, before auth, body limit or domain', async () => {
    const billing = fakeBilling();
    const app = testApp(billing, { bodyLimitBytes: 10 });
    const res = await deliver(app, 'paypal', 'x'.repeat(100), { authorization: 'Bearer nonsense' });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; eventId: string; message: string };
    expect(body).toMatchObject({ success: false, eventId: '' });
    expect(body.message).toMatch(/stripe, paddle, standard/);
    expect(billing.deliveries).toEqual([]);
  });

  it('hands the domain the exact raw body, lower-case headers and the time; no bearer means null', async () => {
    const billing = fakeBilling();
    const now = new Date('2025-03-01T12:00:00Z');
    const raw = '{\n  "id": "evt_1",\n  "object": "event"\n}\n';
    const res = await deliver(testApp(billing, { clock: () => now }), 'stripe', raw, { 'Stripe-Signature': 't=1,v1=ab' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, eventId: 'evt_1', message: 'applied' });
    expect(billing.deliveries).toHaveLength(1);
    expect(text(billing.deliveries[0]?.rawBody)).toBe(raw);
    expect(billing.deliveries[0]).toMatchObject({
      provider: 'stripe',
      principal: null,
      unauthenticated: 'no_credentials',
      now,
    });
    expect(billing.deliveries[0]?.headers['stripe-signature']).toBe('t=1,v1=ab');
  });

  it('a body that is not JSON still reaches the domain (it decides: malformed)', async () => {
    const billing = fakeBilling();
    billing.nextAck = { code: 'webhook.malformed', success: false, eventId: '', message: 'body is not JSON' };
    const res = await deliver(testApp(billing), 'standard', '{not json', { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(text(billing.deliveries[0]?.rawBody)).toBe('{not json');
  });

  it('the raw body reaches the domain byte for byte, a leading byte-order mark and invalid UTF-8 included', async () => {
    const billing = fakeBilling();
    await deliver(testApp(billing), 'standard', '\uFEFF{"type":"x"}', { 'content-type': 'application/json' });
    expect(Buffer.from(billing.deliveries[0]?.rawBody ?? []).toString('hex')).toBe(Buffer.from('\uFEFF{"type":"x"}').toString('hex'));
    const invalid = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    await deliver(testApp(billing), 'stripe', invalid);
    expect(Buffer.from(billing.deliveries[1]?.rawBody ?? []).equals(invalid)).toBe(true);
  });

  it('a valid token: its organizations narrowed to X-Organization-ID; without the header it does not count', async () => {
    const billing = fakeBilling();
    const app = testApp(billing);
    const token = await signToken({ orgs: ['org_a', 'org_b'] });
    await deliver(app, 'standard', '{}', { authorization: `Bearer ${token}` });
    await deliver(app, 'standard', '{}', { authorization: `Bearer ${token}`, 'x-organization-id': 'org_b' });
    await deliver(app, 'standard', '{}', { authorization: `Bearer ${token}`, 'x-organization-id': 'org_z' });
    expect(billing.deliveries.map((d) => [d.principal, d.unauthenticated])).toEqual([
      [null, 'no_organization'],
      [{ organizationIds: ['org_b'] }, undefined],
      [{ organizationIds: [] }, undefined],
    ]);
  });

  it('an invalid or expired token: null organizations, presented true (the domain decides)', async () => {
    const billing = fakeBilling();
    const app = testApp(billing);
    await deliver(app, 'standard', '{}', { authorization: `Bearer ${await signToken({ secret: OTHER_SECRET })}` });
    await deliver(app, 'standard', '{}', { authorization: `Bearer ${await signToken({ expiresIn: -10 })}` });
    await deliver(app, 'standard', '{}', { authorization: 'Basic abc' });
    expect(billing.deliveries.map((d) => [d.principal, d.unauthenticated])).toEqual([
      [null, 'invalid_credentials'],
      [null, 'invalid_credentials'],
      [null, 'invalid_credentials'],
    ]);
  });

  const table: [WebhookOutcomeCode, boolean, number][] = [
    ['webhook.applied', true, 200],
    ['webhook.duplicate', true, 200],
    ['webhook.ignored', true, 200],
    ['webhook.stored', true, 200],
    ['webhook.unknown_provider', false, 404],
    ['webhook.not_configured', false, 404],
    ['webhook.unauthenticated', false, 401],
    ['webhook.permission_denied', false, 403],
    ['webhook.missing_organization', false, 400],
    ['webhook.invalid_signature', false, 400],
    ['webhook.malformed', false, 400],
    ['storage.unavailable', false, 503],
  ];
  /** The refusals the route words in its headers' terms (the domain names no header). */
  const worded: Partial<Record<WebhookOutcomeCode, string>> = {
    'webhook.unauthenticated': 'paddle webhook endpoints require a bearer token: a bearer token is required',
    'webhook.permission_denied': 'the bearer token may not act for the organization of any paddle webhook endpoint',
    'webhook.missing_organization': 'paddle webhook endpoints with a bearer token also need the X-Organization-ID header',
  };
  it.each(table)('%s -> %s / %i, always the acknowledgement shape', async (code, success, status) => {
    const billing = fakeBilling();
    billing.nextAck = { code, success, eventId: 'evt_9', message: `says ${code}` };
    const res = await deliver(testApp(billing), 'paddle', '{}');
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ success, eventId: 'evt_9', message: worded[code] ?? `says ${code}` });
    if (status === 401) expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('a body over the limit: 413 in the acknowledgement shape, domain not called', async () => {
    const billing = fakeBilling();
    const res = await deliver(testApp(billing, { bodyLimitBytes: 64 }), 'stripe', JSON.stringify({ pad: 'x'.repeat(100) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, eventId: '' });
    expect(billing.deliveries).toEqual([]);
  });

  it('the domain throwing: 500 acknowledgement without a stack trace', async () => {
    const billing = fakeBilling();
    billing.webhooks.handle = async () => {
      throw new Error('boom at secret place');
    };
    const res = await deliver(testApp(billing), 'stripe', '{}');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ success: false, eventId: '', message: 'internal error; retry later' });
    expect(text).not.toContain('boom');
  });
});
