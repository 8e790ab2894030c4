import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { EventVerificationError, verifyEvent } from './events.js';
import type { BillingEvent } from './types.js';

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('fedcba9876543210fedcba9876543210').toString('base64')}`;
const EVENT = { id: 'evt_1', type: 'ping', timestamp: '2026-01-01T00:00:00.000Z', organizationId: 'org_a', sequence: 7, data: { eventDestinationId: 'ed_1' } };

function signed(event: object = EVENT, options: { secret?: string; at?: Date; id?: string } = {}) {
  const body = JSON.stringify(event);
  const at = options.at ?? new Date();
  const id = options.id ?? (event as { id: string }).id;
  const headers = { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(options.secret ?? SECRET).sign(id, at, body) };
  return { body, headers };
}

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('it verified');
};

describe('verifyEvent', () => {
  it('returns the signed event, from a string or bytes, with fetch Headers or node headers', () => {
    const { body, headers } = signed();
    const fromString: BillingEvent = verifyEvent(body, headers, SECRET);
    expect(fromString).toEqual(EVENT);
    expect(verifyEvent(Buffer.from(body), new Headers(headers), SECRET)).toEqual(EVENT);
    const nodeStyle = { 'Webhook-Id': headers['webhook-id'], 'webhook-timestamp': [headers['webhook-timestamp']], 'webhook-signature': headers['webhook-signature'] };
    expect(verifyEvent(body, nodeStyle, SECRET).type).toBe('ping');
  });

  it('accepts either of two space-separated signatures (a rotated secret)', () => {
    const { body, headers } = signed();
    const old = signed(EVENT, { secret: OTHER });
    expect(verifyEvent(body, { ...headers, 'webhook-signature': `${old.headers['webhook-signature']} ${headers['webhook-signature']}` }, SECRET)).toEqual(EVENT);
  });

  it('refuses a changed body, another secret, an old timestamp, a missing header, an id that differs', () => {
    const { body, headers } = signed();
    const cases: [string, () => unknown][] = [
      ['body', () => verifyEvent(body.replace('"sequence":7', '"sequence":8'), headers, SECRET)],
      ['secret', () => verifyEvent(body, headers, OTHER)],
      ['timestamp', () => verifyEvent(signed(EVENT, { at: new Date(Date.now() - 10 * 60_000) }).body, signed(EVENT, { at: new Date(Date.now() - 10 * 60_000) }).headers, SECRET)],
      ['header', () => verifyEvent(body, { 'webhook-id': headers['webhook-id'], 'webhook-timestamp': headers['webhook-timestamp'] }, SECRET)],
      ['id', () => verifyEvent(signed(EVENT, { id: 'evt_2' }).body, signed(EVENT, { id: 'evt_2' }).headers, SECRET)],
    ];
    for (const [what, run] of cases) expect(failure(run), what).toBeInstanceOf(EventVerificationError);
    expect(() => verifyEvent(body, headers, 'not-a-secret')).toThrow(/secret must be/);
  });
});
