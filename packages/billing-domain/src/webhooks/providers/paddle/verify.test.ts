import { Paddle } from '@paddle/paddle-node-sdk';
import { describe, expect, it } from 'vitest';
import { PADDLE_SECRET, paddleSignature } from '../../../../test/fixtures/webhooks/sign.js';
import { paddleEventBody, paddleSubscription } from '../../../../test/fixtures/webhooks/paddle.js';
import { verifyWebhookSignature } from '../index.js';

const now = new Date('2024-06-10T06:13:20Z');
const ts = Math.floor(now.getTime() / 1000);
const body = paddleEventBody('subscription.updated', paddleSubscription());
const verify = (header: string | undefined, overrides: Partial<{ rawBody: string; secrets: string[]; now: Date }> = {}) =>
  verifyWebhookSignature('paddle', {
    headers: { 'paddle-signature': header },
    secrets: [PADDLE_SECRET],
    toleranceSeconds: 300,
    now,
    ...overrides,
    rawBody: Buffer.from(overrides.rawBody ?? body),
  });

describe('examples', () => {
  it('signs as Paddle documents, and Paddle\'s SDK accepts the same signature', async () => {
    const at = new Date();
    const header = paddleSignature(body, PADDLE_SECRET, Math.floor(at.getTime() / 1000));
    const paddle = new Paddle('pdl_sdbx_apikey_test');
    await expect(paddle.webhooks.isSignatureValid(body, PADDLE_SECRET, header)).resolves.toBe(true);
    const event = await paddle.webhooks.unmarshal(body, PADDLE_SECRET, header);
    expect(event.eventId).toBe('evt_01hv8y5gfd4w0qp2ahq4ntafpd');
    expect(verify(header, { now: at })).toEqual({ ok: true });
    await expect(paddle.webhooks.isSignatureValid(body, 'pdl_ntfset_other', header)).resolves.toBe(false);
  });

  it('accepts any configured secret (rotation)', () => {
    const header = paddleSignature(body, 'pdl_ntfset_new', ts);
    expect(verify(header, { secrets: ['pdl_ntfset_old', 'pdl_ntfset_new'] })).toEqual({ ok: true });
    expect(verify(header, { secrets: ['pdl_ntfset_old'] })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });

  it('accepts when any of several h1 values matches', () => {
    const good = paddleSignature(body, PADDLE_SECRET, ts).split(';h1=')[1];
    expect(verify(`ts=${ts};h1=${'b'.repeat(64)};h1=${good}`)).toEqual({ ok: true });
  });

  it('rejects a tampered body and a wrong secret', () => {
    const header = paddleSignature(body, PADDLE_SECRET, ts);
    expect(verify(header, { rawBody: body.replace('"120"', '"1"') })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    expect(verify(header, { secrets: ['pdl_ntfset_other'] })).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });

  it('rejects stale and future timestamps beyond the tolerance', () => {
    expect(verify(paddleSignature(body, PADDLE_SECRET, ts - 301))).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verify(paddleSignature(body, PADDLE_SECRET, ts + 301))).toMatchObject({ ok: false, reason: 'future_timestamp' });
    expect(verify(paddleSignature(body, PADDLE_SECRET, ts - 60), { now })).toEqual({ ok: true });
  });

  it('reports missing and malformed headers', () => {
    const h1 = paddleSignature(body, PADDLE_SECRET, ts).split(';h1=')[1] ?? '';
    expect(verify(undefined)).toMatchObject({ ok: false, reason: 'missing_signature' });
    expect(verify(`h1=${h1}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`ts=;h1=${h1}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`ts=12.5;h1=${h1}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`ts=${ts}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verify(`ts=${ts},h1=${h1}`)).toMatchObject({ ok: false, reason: 'malformed_signature' });
  });
});
