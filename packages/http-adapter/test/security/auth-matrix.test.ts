import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_SECRET, unsignedToken } from '../support/tokens.js';
import { aip193Problems, ackProblems } from './support/shapes.js';
import { signedSubscription, STANDARD_SECRET_B, type Delivery } from './support/signing.js';
import { AUDIENCE, ISSUER, leakedInto, securityWorld, seed, type SecurityWorld } from './support/world.js';

let world: SecurityWorld;
let ids: Record<string, string[]>;
let serial = 0;

beforeAll(async () => {
  world = await securityWorld();
  ids = await seed(world, 'auth');
});
afterAll(() => world.close());

const idA = () => ids['org_a']![0]!;
const idB = () => ids['org_b']![0]!;

/** One operation as a request; `id` picks the add-on it acts on. */
interface Operation {
  name: string;
  request: (id: string) => { method: string; path: string; body?: string; delivery?: Delivery };
}

const SMALL_PLAN = JSON.stringify({
  planConfig: { currency: 'EUR', prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.01' }] },
  instances: [{ quantity: 1, hoursUsed: 10 }],
});

const AIP_OPERATIONS: Operation[] = [
  { name: 'calculate', request: () => ({ method: 'POST', path: '/v1/plans:calculate', body: SMALL_PLAN }) },
  { name: 'get', request: (id) => ({ method: 'GET', path: `/v1/addon-subscriptions/${id}` }) },
  { name: 'list', request: () => ({ method: 'GET', path: '/v1/addon-subscriptions?pageSize=10' }) },
  { name: 'cancel', request: (id) => ({ method: 'POST', path: `/v1/addon-subscriptions/${id}:cancel` }) },
  { name: 'undo-cancel', request: (id) => ({ method: 'POST', path: `/v1/addon-subscriptions/${id}:undo-cancel` }) },
];

/** Headers of each refused credential; `expected` is the HTTP status and canonical status. */
const CASES: [string, number, string, () => Promise<Record<string, string>>][] = [
  ['missing Authorization', 401, 'UNAUTHENTICATED', async () => ({ 'x-organization-id': 'org_a' })],
  ['another scheme (Basic)', 401, 'UNAUTHENTICATED', async () => ({ authorization: `Basic ${btoa('org_a:pw')}`, 'x-organization-id': 'org_a' })],
  ['malformed (not a JWT)', 401, 'UNAUTHENTICATED', async () => ({ authorization: 'Bearer not-a-jwt', 'x-organization-id': 'org_a' })],
  ['malformed (three garbage segments)', 401, 'UNAUTHENTICATED', async () => ({ authorization: 'Bearer e30.e30.%%%', 'x-organization-id': 'org_a' })],
  ['empty Bearer', 401, 'UNAUTHENTICATED', async () => ({ authorization: 'Bearer ', 'x-organization-id': 'org_a' })],
  ['expired', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { expiresIn: -30 }))],
  ['not yet valid (nbf in the future)', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { claims: { nbf: Math.floor(Date.now() / 1000) + 600 } }))],
  ['wrongly signed', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { secret: OTHER_SECRET }))],
  ['alg: none', 401, 'UNAUTHENTICATED', async () => bearer(unsignedToken(['org_a']))],
  ['HS512 instead of HS256', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { alg: 'HS512' }))],
  ['no exp', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { expiresIn: null }))],
  ['wrong issuer', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { issuer: 'https://evil.test' }))],
  ['wrong audience', 401, 'UNAUTHENTICATED', async () => bearer(await world.token(['org_a'], { audience: 'another-api' }))],
  ['organization mismatch', 403, 'PERMISSION_DENIED', async () => bearer(await world.token(['org_b']))],
  ['missing X-Organization-ID', 400, 'INVALID_ARGUMENT', async () => ({ authorization: `Bearer ${await world.token(['org_a'])}` })],
];

const bearer = (token: string, org = 'org_a') => ({ authorization: `Bearer ${token}`, 'x-organization-id': org });

async function send(op: Operation, id: string, headers: Record<string, string>) {
  const { method, path, body } = op.request(id);
  const res = await world.app.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body ? { body } : {}) });
  return { res, body: JSON.parse(await res.text()) as unknown };
}

describe('examples: every credential problem on every /v1 operation', () => {
  for (const op of AIP_OPERATIONS) {
    it.each(CASES)(`${op.name}: %s -> %i %s, AIP-193, nothing written`, async (_, status, name, headers) => {
      const writes = world.recorder.writes().length;
      const before = await world.addonsOf('org_a');
      const { res, body } = await send(op, idA(), await headers());
      expect(res.status).toBe(status);
      expect(aip193Problems(status, body)).toEqual([]);
      expect((body as { error: { status: string } }).error.status).toBe(name);
      if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
      if (name === 'INVALID_ARGUMENT') expect(JSON.stringify(body)).toContain('"field":"X-Organization-ID"');
      expect(world.recorder.writes().length).toBe(writes);
      expect(await world.addonsOf('org_a')).toBe(before);
    });
  }

  it('the right credentials pass on every operation (the matrix is not vacuous)', async () => {
    const token = await world.token(['org_a'], { issuer: ISSUER, audience: AUDIENCE });
    for (const op of AIP_OPERATIONS) expect([op.name, (await send(op, idA(), bearer(token))).res.status]).toEqual([op.name, 200]);
  });
});

describe('examples: the standard endpoint with requireBearer', () => {
  const delivery = () => signedSubscription('standard', `auth_${++serial}`, new Date());
  const webhookCases = CASES.filter(([name]) => !['organization mismatch', 'missing X-Organization-ID'].includes(name));

  it.each(webhookCases)('webhook: %s -> 401 acknowledgement, WWW-Authenticate: Bearer, nothing stored', async (_, _status, _name, headers) => {
    const writes = world.recorder.writes().length;
    const res = await world.deliver(delivery(), await headers());
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(ackProblems(401, await res.json())).toEqual([]);
    expect(world.recorder.writes().length).toBe(writes);
  });

  it('webhook: a token for another organization (org_b acting as org_a) -> 403, nothing stored', async () => {
    const writes = world.recorder.writes().length;
    const res = await world.deliver(delivery(), bearer(await world.token(['org_b']), 'org_a'));
    expect([res.status, ackProblems(403, await res.json())]).toEqual([403, []]);
    expect(world.recorder.writes().length).toBe(writes);
  });

  it('webhook: a valid token without X-Organization-ID -> 400, nothing stored', async () => {
    const writes = world.recorder.writes().length;
    const res = await world.deliver(delivery(), { authorization: `Bearer ${await world.token(['org_a'])}` });
    expect([res.status, ackProblems(400, await res.json())]).toEqual([400, []]);
    expect(world.recorder.writes().length).toBe(writes);
  });
});

describe('examples: another organization\'s data answers 404 and changes nothing', () => {
  for (const op of AIP_OPERATIONS.filter((o) => o.request('x').path.includes('/x'))) {
    it(`${op.name}: org_b's add-on as org_a is 404 exactly like a missing one; both organizations unchanged`, async () => {
      const token = await world.token(['org_a']);
      const writes = world.recorder.writes().length;
      const before = [await world.addonsOf('org_a'), await world.addonsOf('org_b')];
      const foreign = await send(op, idB(), bearer(token));
      const missing = await send(op, 'as_does_not_exist', bearer(token));
      expect(foreign.res.status).toBe(404);
      expect(aip193Problems(404, foreign.body)).toEqual([]);
      expect(JSON.stringify(foreign.body).replaceAll(idB(), 'ID')).toBe(JSON.stringify(missing.body).replaceAll('as_does_not_exist', 'ID'));
      expect(world.recorder.writes().length).toBe(writes);
      expect([await world.addonsOf('org_a'), await world.addonsOf('org_b')]).toEqual(before);
    });
  }

  it('a token for both organizations acting as org_a still cannot reach org_b\'s add-on', async () => {
    const token = await world.token(['org_a', 'org_b']);
    for (const op of AIP_OPERATIONS.filter((o) => o.request('x').path.includes('/x'))) expect((await send(op, idB(), bearer(token, 'org_a'))).res.status).toBe(404);
  });

  it('list: org_b\'s subscription id as a filter shows org_a nothing of org_b', async () => {
    const all = JSON.parse(await world.addonsOf('org_b')) as { addonSubscriptions: { subscriptionId: string; id: string }[] };
    const subscriptionId = all.addonSubscriptions[0]!.subscriptionId;
    const res = await world.app.request(`/v1/addon-subscriptions?subscriptionId=${subscriptionId}`, { headers: bearer(await world.token(['org_a'])) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ addonSubscriptions: [], nextPageToken: '' });
  });

  it('webhook: org_a\'s token with a delivery signed by org_b\'s secret -> 400, nothing stored', async () => {
    const writes = world.recorder.writes().length;
    const before = await world.addonsOf('org_b');
    const res = await world.deliver(signedSubscription('standard', `cross_${++serial}`, new Date(), STANDARD_SECRET_B), bearer(await world.token(['org_a'])));
    expect([res.status, ackProblems(400, await res.json())]).toEqual([400, []]);
    expect(world.recorder.writes().length).toBe(writes);
    expect(await world.addonsOf('org_b')).toBe(before);
  });
});

describe('properties', () => {
  it('no-leak: log ∩ {tokens, secrets, signatures} = ∅', () => {
    expect(world.logText().length).toBeGreaterThan(0);
    expect(leakedInto(world.logText(), world.sensitive)).toEqual([]);
  });
});
