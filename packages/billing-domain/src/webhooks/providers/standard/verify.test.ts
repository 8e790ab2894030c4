import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { STANDARD_SECRET, standardHeaders } from '../../../../test/fixtures/webhooks/sign.js';
import { standardBody, standardSubscriptionData } from '../../../../test/fixtures/webhooks/standard.js';
import { verifyWebhookSignature } from '../index.js';

const now = new Date('2024-06-10T06:13:20Z');
const body = standardBody('subscription.updated', standardSubscriptionData());
const OTHER_SECRET = 'whsec_dGhpcyBpcyBhbm90aGVyIHNlY3JldCBrZXk=';
const verify = (headers: Record<string, string | undefined>, overrides: Partial<{ rawBody: string; secrets: string[]; now: Date }> = {}) =>
  verifyWebhookSignature('standard', { headers, secrets: [STANDARD_SECRET], toleranceSeconds: 300, now, ...overrides, rawBody: Buffer.from(overrides.rawBody ?? body) });
const signedAt = (offsetSeconds: number) => new Date(now.getTime() + offsetSeconds * 1000);

describe('examples', () => {
  it('accepts what the standardwebhooks library signs, and the library accepts it too', () => {
    const headers = standardHeaders(body, STANDARD_SECRET, 'msg_2hKx9', now);
    expect(verify(headers)).toEqual({ ok: true });
    const fresh = standardHeaders(body, STANDARD_SECRET, 'msg_2hKx9', new Date());
    expect(new Webhook(STANDARD_SECRET).verify(body, fresh)).toMatchObject({ type: 'subscription.updated' });
  });

  it('accepts the svix- branded header names', () => {
    const headers = standardHeaders(body, STANDARD_SECRET, 'msg_svix', now);
    const svix = { 'svix-id': headers['webhook-id'], 'svix-timestamp': headers['webhook-timestamp'], 'svix-signature': headers['webhook-signature'] };
    expect(verify(svix)).toEqual({ ok: true });
  });

  it('accepts any configured secret (rotation) and any v1 in the list', () => {
    const headers = standardHeaders(body, OTHER_SECRET, 'msg_1', now);
    expect(verify(headers, { secrets: [STANDARD_SECRET, OTHER_SECRET] })).toEqual({ ok: true });
    expect(verify(headers)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    const good = standardHeaders(body, STANDARD_SECRET, 'msg_1', now)['webhook-signature'];
    const list = `v1a,${'A'.repeat(88)} ${headers['webhook-signature']} ${good}`;
    expect(verify({ ...headers, 'webhook-signature': list })).toEqual({ ok: true });
  });

  it('rejects a tampered body, a changed id and a wrong secret', () => {
    const headers = standardHeaders(body, STANDARD_SECRET, 'msg_1', now);
    expect(verify(headers, { rawBody: body.replace('1.20', '0.20') })).toMatchObject({ reason: 'signature_mismatch' });
    expect(verify({ ...headers, 'webhook-id': 'msg_2' })).toMatchObject({ reason: 'signature_mismatch' });
    expect(verify(headers, { secrets: [OTHER_SECRET] })).toMatchObject({ reason: 'signature_mismatch' });
  });

  it('rejects stale and future timestamps beyond the tolerance', () => {
    expect(verify(standardHeaders(body, STANDARD_SECRET, 'm', signedAt(-301)))).toMatchObject({ reason: 'stale_timestamp' });
    expect(verify(standardHeaders(body, STANDARD_SECRET, 'm', signedAt(301)))).toMatchObject({ reason: 'future_timestamp' });
    expect(verify(standardHeaders(body, STANDARD_SECRET, 'm', signedAt(-300)))).toEqual({ ok: true });
  });

  it('reports missing and malformed headers', () => {
    const headers = standardHeaders(body, STANDARD_SECRET, 'msg_1', now);
    expect(verify({ ...headers, 'webhook-id': undefined })).toMatchObject({ reason: 'missing_signature', message: expect.stringContaining('webhook-id') });
    expect(verify({ ...headers, 'webhook-signature': undefined })).toMatchObject({ reason: 'missing_signature' });
    expect(verify({ ...headers, 'webhook-timestamp': 'yesterday' })).toMatchObject({ reason: 'malformed_signature' });
    expect(verify({ ...headers, 'webhook-signature': 'v2,abc=' })).toMatchObject({ reason: 'malformed_signature' });
    expect(verify({ ...headers, 'webhook-signature': 'v1,***' })).toMatchObject({ reason: 'malformed_signature' });
  });
});
