import { describe, expect, it } from 'vitest';
import { receiver } from '../../test/support/receiver.js';
import { httpEventSender, senderAgents } from './http-sender.js';
import { nextStep, parseSchedule, retryAfterMs, DEFAULT_DELIVERY_POLICY } from './retry-schedule.js';
import { checkDestinationUrl, isPrivateAddress, type ResolveAll, type UrlPolicy } from './url-guard.js';

const STRICT: UrlPolicy = { allowHttp: false, allowPrivateNetworks: false, maxLength: 2048 };
const resolver = (table: Record<string, string[]>): ResolveAll => async (host) => {
  const found = table[host];
  if (found === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('examples: the URL guard', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0.0.0.0', '::', '10.0.0.1', '172.16.0.1', '172.31.255.255',
    '192.168.0.1', '169.254.169.254', 'fe80::1', 'fc00::1', 'fd12:3456::1', '100.64.0.1', '::ffff:10.0.0.1', '64:ff9b::7f00:1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false));

  it.each([
    ['https://localhost/', /127\.0\.0\.1|::1/],
    ['https://127.0.0.1/', /127\.0\.0\.1/],
    ['https://[::1]/', /::1/],
    ['https://[::ffff:127.0.0.1]/', /::ffff:7f00:1/],
    ['https://0.0.0.0/', /0\.0\.0\.0/],
    ['https://2130706433/', /127\.0\.0\.1/],
    ['https://017700000001/', /127\.0\.0\.1/],
    ['https://0x7f000001/', /127\.0\.0\.1/],
    ['https://169.254.169.254/', /169\.254\.169\.254/],
    ['https://10.0.0.1/', /10\.0\.0\.1/],
  ])('%s is refused at save time, naming the address', async (url, address) => {
    const description = await checkDestinationUrl(url, STRICT, resolver({ localhost: ['127.0.0.1', '::1'] }));
    expect(description).toMatch(address);
    expect(description).toContain('BILLING_EVENT_ALLOW_PRIVATE_NETWORKS');
  });

  it('a public host passes; the same names pass when private networks are allowed', async () => {
    expect(await checkDestinationUrl('https://hooks.example.com/x', STRICT, resolver({ 'hooks.example.com': ['93.184.215.14'] }))).toBeUndefined();
    expect(await checkDestinationUrl('http://127.0.0.1:9/x', { allowHttp: true, allowPrivateNetworks: true, maxLength: 2048 })).toBeUndefined();
  });

  it('each attempt checks the address again and connects to the address it checked (DNS rebinding cannot reach inside)', async () => {
    const r = await receiver();
    const agents = senderAgents(2);
    try {
      const port = new URL(r.url('/')).port;
      // A name no real resolver knows: the connection can only go where the checked lookup says.
      const url = `http://rebind.test:${port}/hook`;
      const local: UrlPolicy = { allowHttp: true, allowPrivateNetworks: true, maxLength: 2048 };
      const allowed = await httpEventSender(local, agents, resolver({ 'rebind.test': ['127.0.0.1'] }))({ url, headers: {}, body: '{}' }, 2000);
      expect(allowed).toMatchObject({ httpStatus: 200 });
      expect(r.received).toHaveLength(1);
      // Saved while it resolved to a public address, it now resolves inside: the attempt is refused.
      const strict: UrlPolicy = { allowHttp: true, allowPrivateNetworks: false, maxLength: 2048 };
      const refused = await httpEventSender(strict, agents, resolver({ 'rebind.test': ['127.0.0.1'] }))({ url, headers: {}, body: '{}' }, 2000);
      expect(refused.httpStatus).toBeUndefined();
      expect(refused.error).toContain('127.0.0.1');
      expect(r.received).toHaveLength(1);
    } finally {
      agents.destroy();
      await r.close();
    }
  });
});

describe('examples: the retry schedule', () => {
  const at = new Date('2026-01-01T00:00:00.000Z');
  const failed = { httpStatus: 500, durationMs: 5, response: '' };
  it('the default is 8 attempts: 7 waits of 5s,5m,30m,2h,5h,10h,10h, about 28 hours', () => {
    expect(DEFAULT_DELIVERY_POLICY.scheduleMs.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(27.58, 1);
    expect(parseSchedule('5s,5m')).toEqual([5000, 300_000]);
    expect(parseSchedule('5s,,5m')).toBeUndefined();
  });
  it('each wait moves by at most 10% either way', () => {
    const low = nextStep({ attemptsInRun: 0, failingSince: null }, failed, DEFAULT_DELIVERY_POLICY, at, () => 0);
    const high = nextStep({ attemptsInRun: 0, failingSince: null }, failed, DEFAULT_DELIVERY_POLICY, at, () => 0.999_999);
    expect(Date.parse(low.nextAttemptTime!) - at.getTime()).toBe(4500);
    expect(Date.parse(high.nextAttemptTime!) - at.getTime()).toBeCloseTo(5500, -1);
  });
  it('after the last attempt the delivery has failed; Retry-After on 429/503 is honoured when longer, up to an hour', () => {
    expect(nextStep({ attemptsInRun: 7, failingSince: null }, failed, DEFAULT_DELIVERY_POLICY, at, () => 0.5)).toMatchObject({ status: 'failed', nextAttemptTime: null });
    const later = nextStep({ attemptsInRun: 0, failingSince: null }, { ...failed, httpStatus: 503, retryAfterMs: 120_000 }, DEFAULT_DELIVERY_POLICY, at, () => 0.5);
    expect(Date.parse(later.nextAttemptTime!) - at.getTime()).toBe(120_000);
    const capped = nextStep({ attemptsInRun: 0, failingSince: null }, { ...failed, httpStatus: 429, retryAfterMs: 86_400_000 }, DEFAULT_DELIVERY_POLICY, at, () => 0.5);
    expect(Date.parse(capped.nextAttemptTime!) - at.getTime()).toBe(3_600_000);
    expect(retryAfterMs('Wed, 01 Jan 2026 00:01:00 GMT', at)).toBe(60_000);
  });
  it('a destination failing for BILLING_EVENT_DISABLE_AFTER is disabled; a 3xx is a failure', () => {
    const since = new Date(at.getTime() - 5 * 86_400_000).toISOString();
    expect(nextStep({ attemptsInRun: 1, failingSince: since }, failed, DEFAULT_DELIVERY_POLICY, at, () => 0.5).disableReason).toContain('BILLING_EVENT_DISABLE_AFTER');
    expect(nextStep({ attemptsInRun: 0, failingSince: null }, { ...failed, httpStatus: 301 }, DEFAULT_DELIVERY_POLICY, at, () => 0.5).status).toBe('pending');
  });
});
