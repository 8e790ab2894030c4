import { describe, expect, it } from 'vitest';
import type { ProviderName } from '../contract.js';
import { PADDLE_SECRET, STANDARD_SECRET, STRIPE_SECRET } from '../../test/fixtures/webhooks/sign.js';
import { signWebhook } from './providers/index.js';
import { verifyWebhookSignature } from './providers/index.js';

const now = new Date('2024-06-10T06:13:20Z');
const ts = String(Math.floor(now.getTime() / 1000));

/** `{"id":"evt_1","note":"<byte>"}`: one byte that is not valid UTF-8 on its own. */
const withByte = (byte: number) => Buffer.concat([Buffer.from('{"id":"evt_1","note":"'), Buffer.from([byte]), Buffer.from('"}')]);
const bodyA = withByte(0xff);
const bodyB = withByte(0xfe);
const decodedText = (bytes: Buffer) => new TextDecoder().decode(bytes); // replaces invalid bytes with U+FFFD

interface Scheme {
  provider: ProviderName;
  secret: string;
  headers: (signature: Buffer) => Record<string, string>;
  /** The digest in the signed headers. */
  digest: (headers: Record<string, string>) => Buffer;
}
const schemes: Scheme[] = [
  {
    provider: 'stripe',
    secret: STRIPE_SECRET,
    headers: (s) => ({ 'stripe-signature': `t=${ts},v1=${s.toString('hex')}` }),
    digest: (h) => Buffer.from((h['stripe-signature'] ?? '').split('v1=')[1] ?? '', 'hex'),
  },
  {
    provider: 'paddle',
    secret: PADDLE_SECRET,
    headers: (s) => ({ 'paddle-signature': `ts=${ts};h1=${s.toString('hex')}` }),
    digest: (h) => Buffer.from((h['paddle-signature'] ?? '').split('h1=')[1] ?? '', 'hex'),
  },
  {
    provider: 'standard',
    secret: STANDARD_SECRET,
    headers: (s) => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': ts, 'webhook-signature': `v1,${s.toString('base64')}` }),
    digest: (h) => Buffer.from((h['webhook-signature'] ?? '').slice(3), 'base64'),
  },
];

/** The provider's signature over the body's bytes, as a sender computes it. */
const sign = (scheme: Scheme, body: Uint8Array) => scheme.digest(signWebhook(scheme.provider, body, scheme.secret, { now, eventId: 'msg_1' }));
const verify = (scheme: Scheme, body: Uint8Array, signature: Buffer) =>
  verifyWebhookSignature(scheme.provider, { headers: scheme.headers(signature), rawBody: body, secrets: [scheme.secret], toleranceSeconds: 300, now });

describe('examples: signatures cover the raw bytes, never decoded text', () => {
  it('the two bodies differ in one byte but decode to the same text (the premise)', () => {
    expect(bodyA.equals(bodyB)).toBe(false);
    expect(decodedText(bodyA)).toBe(decodedText(bodyB));
  });

  for (const scheme of schemes) {
    it(`${scheme.provider}: a body differing in one invalid UTF-8 byte does not verify with the other's signature`, () => {
      const signatureA = sign(scheme, bodyA);
      expect(verify(scheme, bodyA, signatureA)).toEqual({ ok: true });
      expect(verify(scheme, bodyB, signatureA)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
      expect(verify(scheme, bodyB, sign(scheme, bodyB))).toEqual({ ok: true });
    });

    it(`${scheme.provider}: a signature over the decoded text verifies neither body`, () => {
      const overText = sign(scheme, Buffer.from(decodedText(bodyA), 'utf8'));
      expect(verify(scheme, bodyA, overText)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
      expect(verify(scheme, bodyB, overText)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    });

    it(`${scheme.provider}: a leading byte-order mark is part of the signed bytes`, () => {
      const plain = Buffer.from('{"id":"evt_1"}');
      const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
      expect(verify(scheme, withBom, sign(scheme, withBom))).toEqual({ ok: true });
      expect(verify(scheme, withBom, sign(scheme, plain))).toMatchObject({ ok: false, reason: 'signature_mismatch' });
      expect(verify(scheme, plain, sign(scheme, withBom))).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    });
  }
});
