import type { ProviderName } from '@billing/billing-domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ackProblems } from './support/shapes.js';
import {
  SECRETS,
  signatureValues,
  signedSubscription,
  STRANGER_SECRETS,
  withoutSignature,
  withTamperedBody,
  withTimestamp,
  withTruncatedSignature,
  type Delivery,
} from './support/signing.js';
import { leakedInto, securityWorld, SEED_ORG, type SecurityWorld } from './support/world.js';

let world: SecurityWorld;
beforeAll(async () => {
  world = await securityWorld();
});
afterAll(() => world.close());

const PROVIDERS: ProviderName[] = ['stripe', 'paddle', 'standard'];
const SECOND = 1000;
const TOLERANCE = 300;

/** Each forgery of a delivery signed now for `tag` (the genuine one is `signedSubscription(provider, tag, now)`). */
const FORGERIES: [string, (provider: ProviderName, tag: string, now: Date) => Delivery][] = [
  ['tampered body', (p, tag, now) => withTamperedBody(signedSubscription(p, tag, now))],
  ['truncated signature', (p, tag, now) => withTruncatedSignature(signedSubscription(p, tag, now))],
  ['no signature header', (p, tag, now) => withoutSignature(signedSubscription(p, tag, now))],
  ['wrong secret', (p, tag, now) => signedSubscription(p, tag, now, STRANGER_SECRETS[p])],
  ['stale (signed 301 s ago)', (p, tag, now) => signedSubscription(p, tag, new Date(now.getTime() - (TOLERANCE + 1) * SECOND))],
  ['future (signed 301 s ahead)', (p, tag, now) => signedSubscription(p, tag, new Date(now.getTime() + (TOLERANCE + 1) * SECOND))],
  [
    'replayed: old signature under a new timestamp',
    (p, tag, now) => withTimestamp(signedSubscription(p, tag, new Date(now.getTime() - 3600 * SECOND)), now),
  ],
];

async function bearerFor(provider: ProviderName): Promise<Record<string, string>> {
  if (provider !== 'standard') return {};
  return { authorization: `Bearer ${await world.token([SEED_ORG[provider]])}`, 'x-organization-id': SEED_ORG[provider] };
}

describe('examples: forged deliveries are refused with 400 and store nothing', () => {
  for (const provider of PROVIDERS) {
    it.each(FORGERIES)(`${provider}: %s -> 400 acknowledgement; the store and the list unchanged`, async (name, forge) => {
      const tag = `${provider}_${name.replace(/\W+/g, '_')}`;
      const org = SEED_ORG[provider];
      const writes = world.recorder.writes().length;
      const before = await world.addonsOf(org);
      const bearer = await bearerFor(provider);
      // NOTE: signed at the last moment: the stale and future forgeries are 1 s past the tolerance,
      // so time spent between signing and verifying (a busy machine) must not eat that second.
      const now = new Date();
      const forged = forge(provider, tag, now);
      const res = await world.deliver(forged, bearer);
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(ackProblems(400, JSON.parse(text))).toEqual([]);
      expect(leakedInto(text, [...signatureValues(forged), SECRETS[provider], STRANGER_SECRETS[provider]])).toEqual([]);
      expect(world.recorder.writes().slice(writes)).toEqual([]);
      expect(await world.addonsOf(org)).toBe(before);

      // The genuine delivery of the same event is then applied as new, not as a duplicate: the forgery left no trace.
      const genuine = signedSubscription(provider, tag, now);
      const ok = await world.deliver(genuine, await bearerFor(provider));
      const ack = (await ok.json()) as { success: boolean; message: string };
      expect([ok.status, ack.success]).toEqual([200, true]);
      expect(ack.message).not.toMatch(/duplicate/i);
      expect(world.recorder.writes().slice(writes)).toContain(`webhookEvents.insert ${org}/${provider}/${genuine.eventId}`);
      expect(await world.addonsOf(org)).not.toBe(before);
    });
  }

  it('standard: the signature of one webhook-id under another id -> 400, nothing stored', async () => {
    const writes = world.recorder.writes().length;
    const original = signedSubscription('standard', 'moved_id', new Date());
    const moved = { ...original, eventId: 'msg_other', headers: { ...original.headers, 'webhook-id': 'msg_other' } };
    const res = await world.deliver(moved, await bearerFor('standard'));
    expect(res.status).toBe(400);
    expect(world.recorder.writes().slice(writes)).toEqual([]);
  });

  it('a replay of the genuine delivery inside the window is a duplicate and changes nothing', async () => {
    const genuine = signedSubscription('stripe', 'replay_inside', new Date());
    expect((await world.deliver(genuine)).status).toBe(200);
    const writes = world.recorder.writes().length;
    const before = await world.addonsOf('org_a');
    const again = await world.deliver(genuine);
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([200, expect.stringMatching(/duplicate/i)]);
    expect(world.recorder.writes().slice(writes).filter((w) => !w.startsWith('webhookEvents.setStatus'))).toEqual([]);
    expect(await world.addonsOf('org_a')).toBe(before);
  });
});

describe('properties', () => {
  it('no-leak: log ∩ {tokens, secrets, signatures} = ∅', () => {
    expect(world.logText().length).toBeGreaterThan(0);
    expect(leakedInto(world.logText(), world.sensitive)).toEqual([]);
  });
});
