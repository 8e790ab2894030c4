import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_SECRET } from '../support/webhook-payloads.js';
import { STANDARD_SECRET_B } from '../security/support/signing.js';
import { deliverSubscription } from './support/deliveries.js';
import { expectSameProcessAlive, startTarget, stopTarget, type Target } from './support/hostile-server.js';

// Finding 7: the page token is base64url of plain JSON: anyone can forge one, a token of another
// organization is accepted, and a NUL byte or a year out of range reaches the database, which
// fails: 503. service.md section 8: a token not issued by the server, altered, or issued for
// another organization or filter is 400 INVALID_ARGUMENT, never 5xx.

let target: Target;
let tokenA = '';
let tokenB = '';
beforeAll(async () => {
  target = await startTarget();
  for (const tag of ['a1', 'a2', 'a3']) expect(await deliverSubscription(target, `tok_${tag}`, STANDARD_SECRET)).toBe(200);
  for (const tag of ['b1', 'b2']) expect(await deliverSubscription(target, `tok_${tag}`, STANDARD_SECRET_B)).toBe(200);
  const firstPage = async (org: string) => (await target.call('GET', '/v1/addon-subscriptions?pageSize=1', { org })).json?.nextPageToken as string;
  tokenA = await firstPage('org_a');
  tokenB = await firstPage('org_b');
});
afterAll(() => stopTarget(target));

/** A token in the plain format of old (base64url JSON `[createTime, id, subscriptionId]`), as a forger makes it. */
const forged = (createTime: string, id: string) => Buffer.from(JSON.stringify([createTime, id, '']), 'utf8').toString('base64url');
const list = (pageToken: string, org = 'org_a') => target.call('GET', `/v1/addon-subscriptions?pageSize=1&pageToken=${encodeURIComponent(pageToken)}`, { org });
/** One base64url character changed in the middle of the token. */
const flipped = (token: string) => {
  const at = Math.floor(token.length / 2);
  return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
};

describe('finding 7: tampered pageToken', () => {
  it('the real token of org_a pages on (the setup works)', async () => {
    expect(typeof tokenA).toBe('string');
    expect(tokenA.length).toBeGreaterThan(0);
    const next = await list(tokenA);
    expect(next.status).toBe(200);
    expect(next.json.addonSubscriptions).toHaveLength(1);
  });

  it.each([
    ['a NUL byte in the token text', () => `${tokenA}\u0000`],
    ['a NUL byte inside a forged token', () => forged('2030-01-01T00:00:00.000Z', 'a\u0000b')],
    ['a year out of range (+275760)', () => forged('+275760-09-13T00:00:00.000Z', 'x')],
    ['a year out of range (-271821)', () => forged('-271821-04-20T00:00:00.000Z', 'x')],
    ['altered base64 (one character changed)', () => flipped(tokenA)],
    ['a forged token (well-formed, never issued)', () => forged('2030-01-01T00:00:00.000Z', 'forged-id')],
    ['a token issued for org_b, used by org_a', () => tokenB],
  ])('%s: 400 INVALID_ARGUMENT, never 5xx', async (_, token) => {
    const answer = await list(token());
    expect({ status: answer.status, errorStatus: answer.json?.error?.status }).toEqual({ status: 400, errorStatus: 'INVALID_ARGUMENT' });
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
