import { describe, expect, it } from 'vitest';
import { normalizeWebhookEvent } from './normalize.js';
import { unstorableTextPath } from './storable-text.js';

describe('unstorableTextPath', () => {
  it('finds NUL and unpaired surrogates in values and keys, with their path', () => {
    expect(unstorableTextPath({ a: [{ b: 'x\u0000' }] })).toBe('a[0].b');
    expect(unstorableTextPath({ a: 'x\uD800' })).toBe('a');
    expect(unstorableTextPath({ a: 'x\uDC00y' })).toBe('a');
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000');
  });

  it('accepts well-formed text, including surrogate pairs', () => {
    expect(unstorableTextPath({ a: 'emoji \uD83D\uDE00', b: [1, null, true], c: new Date(0) })).toBeUndefined();
  });
});

describe('normalizeWebhookEvent', () => {
  const body = (subscriptionId: string) =>
    JSON.stringify({ type: 'payment.failed', timestamp: '2026-01-01T00:00:00Z', data: { subscriptionId, amount: '1.00', currency: 'USD' } });

  it('refuses a verified event whose stored text would hold NUL, naming the field', () => {
    const result = normalizeWebhookEvent('standard', { headers: { 'webhook-id': 'msg_1' }, rawBody: body('sub_\u0000') });
    expect(result).toMatchObject({ ok: false, eventId: 'msg_1' });
    expect(!result.ok && result.message).toContain('subscriptionExternalId');
  });

  it('refuses an event id holding an unpaired surrogate and reports no id', () => {
    const result = normalizeWebhookEvent('standard', { headers: { 'webhook-id': 'msg_\uD800' }, rawBody: body('sub_1') });
    expect(result).toMatchObject({ ok: false, eventId: '' });
  });

  it('keeps well-formed events', () => {
    const result = normalizeWebhookEvent('standard', { headers: { 'webhook-id': 'msg_1' }, rawBody: body('sub_\uD83D\uDE00') });
    expect(result.ok).toBe(true);
  });
});
