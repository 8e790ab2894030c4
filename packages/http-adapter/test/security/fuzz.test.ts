import fc from 'fast-check';
import type { ProviderName } from '@billing/billing-domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAddonSubscriptionsResponseSchema } from '../../src/schemas/addon-subscription.js';
import { OTHER_SECRET, unsignedToken } from '../support/tokens.js';
import { standardEvent, standardSubscriptionUpdated, stripeDelivery, stripeInvoiceEvent, stripeSubscriptionEvent, standardDelivery } from '../support/webhook-payloads.js';
import { bodyArbitrary, headersArbitrary, methodArbitrary, mutated, pathArbitrary, type FuzzRequest } from './support/request-arbitraries.js';
import { answerProblems } from './support/shapes.js';
import { paddleDelivery, paddleSubscriptionEvent, signatureValues, STANDARD_SECRET_B } from './support/signing.js';
import { leakedInto, securityWorld, seed, SEED_ORG, type SecurityWorld } from './support/world.js';

let world: SecurityWorld;
let knownIds: string[] = [];
let validAuth: Record<string, string> = {};
let otherAuth: Record<string, string>[] = [];

beforeAll(async () => {
  world = await securityWorld();
  const ids = await seed(world, 'fuzz');
  knownIds = [...ids['org_a']!, ...ids['org_b']!];
  validAuth = { authorization: `Bearer ${await world.token(['org_a'])}`, 'x-organization-id': 'org_a' };
  otherAuth = [
    { authorization: `Bearer ${await world.token(['org_a'], { expiresIn: -5 })}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${await world.token(['org_a'], { secret: OTHER_SECRET })}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${unsignedToken()}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${await world.token(['org_b'])}`, 'x-organization-id': 'org_b' },
    { authorization: `Bearer ${await world.token(['org_b'])}`, 'x-organization-id': 'org_a' },
    { authorization: `Bearer ${await world.token(['org_a'])}` },
    { authorization: 'Bearer', 'x-organization-id': 'org_a' },
    { authorization: 'bearer   a.b.c   ', 'x-organization-id': 'org_a' },
  ];
}, 60_000);
afterAll(() => world.close());

const now = new Date();
const periodStart = new Date('2030-01-01T00:00:00Z');
/** Valid payloads of every provider, as JSON values. */
const webhookPayloads: fc.Arbitrary<unknown> = fc.constantFrom(
  stripeSubscriptionEvent('customer.subscription.updated', { eventId: 'evt_f', created: now, subscriptionId: 'sub_f', itemId: 'si_f', periodStart }),
  stripeInvoiceEvent('invoice.payment_failed', { eventId: 'evt_i', created: now, subscriptionId: 'sub_f' }),
  paddleSubscriptionEvent({ eventId: 'evt_p', occurredAt: now, subscriptionId: 'sub_p', priceId: 'pri_p' }),
  standardSubscriptionUpdated({ timestamp: now, subscriptionId: 'vm_f', itemId: 'item_f', periodStart }),
  standardEvent('subscription.canceled', now, 'vm_f'),
  standardEvent('payment.succeeded', now, 'vm_f'),
);

/** Sends one request; resolves with the problems of its answer (a throw is a problem too). */
async function problemsOf(request: FuzzRequest): Promise<string[]> {
  let init: RequestInit;
  try {
    new Request(`http://localhost${request.path}`, { method: request.method, headers: request.headers });
    init = { method: request.method, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) };
  } catch {
    return []; // not a request a client can even build (e.g. a forbidden method)
  }
  try {
    const res = await world.app.request(request.path, init);
    return answerProblems({ method: res.status === 405 ? request.method : request.method.toUpperCase(), path: new URL(`http://localhost${request.path}`).pathname }, res.status, await res.text());
  } catch (error) {
    return [`threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
  }
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.path.slice(0, 200)} headers=${JSON.stringify(r.headers).slice(0, 300)} body=${r.body instanceof Uint8Array ? `bytes(${r.body.length})` : String(r.body).slice(0, 200)}`;

describe('properties: random and mutated requests through app.request()', () => {
  it('documented answers: ∀ request. status < 500 ∧ body ∈ {AIP-193 with code = status, webhook acknowledgement}', async () => {
    const request = fc
      .record({
        method: methodArbitrary,
        path: pathArbitrary(knownIds),
        headers: headersArbitrary(validAuth, fc.constantFrom(...otherAuth)),
        body: bodyArbitrary(webhookPayloads),
      })
      .map((r): FuzzRequest => (['GET', 'HEAD', 'get'].includes(r.method) ? { ...r, body: undefined } : r));
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const problems = await problemsOf(r);
        if (problems.length > 0) throw new Error(`${describeRequest(r)}\n  ${problems.join('\n  ')}`);
      }),
      { numRuns: 2500 },
    );
  });

  it('operations under fire: ∀ op ∈ {calculate, get, list, cancel, undo-cancel}, body. status ∈ {200, 400, 404, 413, 415}', async () => {
    const op = fc.oneof(
      fc.constant({ method: 'POST', path: '/v1/plans:calculate' }),
      fc.constant({ method: 'POST', path: '/v1/plans%3Acalculate' }),
      fc.constantFrom(...knownIds).map((id) => ({ method: 'GET', path: `/v1/addon-subscriptions/${id}` })),
      fc.constant({ method: 'GET', path: '/v1/addon-subscriptions' }),
      fc.tuple(fc.constantFrom(...knownIds), fc.constantFrom(':cancel', '%3Aundo-cancel', ':undo-cancel')).map(([id, a]) => ({ method: 'POST', path: `/v1/addon-subscriptions/${id}${a}` })),
    );
    await fc.assert(
      fc.asyncProperty(op, bodyArbitrary(webhookPayloads), fc.constantFrom('application/json', 'text/plain', 'application/vnd.api+json'), async (o, body, contentType) => {
        const r: FuzzRequest = { ...o, headers: { ...validAuth, 'content-type': contentType }, body: o.method === 'GET' ? undefined : body };
        const res = await world.app.request(r.path, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) });
        const problems = answerProblems(r, res.status, await res.text());
        if (![200, 400, 404, 413, 415].includes(res.status)) problems.push(`status ${res.status}`);
        if (problems.length > 0) throw new Error(`${describeRequest(r)}\n  ${problems.join('\n  ')}`);
      }),
      { numRuns: 800 },
    );
  });
});

describe('properties: mutated payloads, correctly signed, reach the normalizers', () => {
  const sign = (provider: ProviderName, payload: unknown, id: string) => {
    const at = new Date();
    if (provider === 'stripe') return stripeDelivery(payload as Record<string, unknown>, at);
    if (provider === 'paddle') return paddleDelivery(payload as Record<string, unknown>, at);
    return standardDelivery(id, payload as Record<string, unknown>, at);
  };
  const base: Record<ProviderName, unknown[]> = {
    stripe: [
      stripeSubscriptionEvent('customer.subscription.created', { eventId: 'evt_m', created: now, subscriptionId: 'sub_m', itemId: 'si_m', periodStart }),
      stripeInvoiceEvent('invoice.paid', { eventId: 'evt_mi', created: now, subscriptionId: 'sub_m' }),
    ],
    paddle: [paddleSubscriptionEvent({ eventId: 'evt_mp', occurredAt: now, subscriptionId: 'sub_mp', priceId: 'pri_mp' })],
    standard: [
      standardSubscriptionUpdated({ timestamp: now, subscriptionId: 'vm_m', itemId: 'item_m', periodStart }),
      standardEvent('subscription.canceled', now, 'vm_m'),
      standardEvent('payment.failed', now, 'vm_m'),
    ],
  };
  let serial = 0;

  it.each(['stripe', 'paddle', 'standard'] as const)(
    'signed mutations (%s): ∀ payload. status ∈ {200, 400} ∧ acknowledgement ∧ stored add-ons valid',
    async (provider) => {
      const org = SEED_ORG[provider];
      const bearer: Record<string, string> = provider === 'standard' ? { authorization: `Bearer ${await world.token([org])}`, 'x-organization-id': org } : {};
      await fc.assert(
        fc.asyncProperty(mutated(fc.constantFrom(...base[provider]), { storable: true }), async (payload) => {
          // NOTE: fresh event ids, so most mutations are processed rather than answered as duplicates.
          const fresh = provider === 'standard' ? payload : withFreshId(payload, provider, ++serial);
          const delivery = sign(provider, fresh, `msg_mut_${++serial}`);
          for (const s of signatureValues({ provider, eventId: '', ...delivery })) world.sensitive.add(s);
          const res = await world.app.request(`/api/v1/webhooks/${provider}`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...bearer } });
          const text = await res.text();
          const problems = answerProblems({ method: 'POST', path: `/api/v1/webhooks/${provider}` }, res.status, text);
          if (![200, 400].includes(res.status)) problems.push(`status ${res.status}`);
          if (problems.length > 0) throw new Error(`${delivery.body.slice(0, 600)}\n  ${problems.join('\n  ')}`);
        }),
        { numRuns: 250 },
      );
      const listed = JSON.parse(await world.addonsOf(org)) as unknown;
      expect(listAddonSubscriptionsResponseSchema.safeParse(listed).error?.issues ?? []).toEqual([]);
    },
  );

  it('the other tenant\'s secret never stores into org_a, whatever the payload', async () => {
    const writes = world.recorder.writes().length;
    const bearer = { authorization: `Bearer ${await world.token(['org_a'])}`, 'x-organization-id': 'org_a' };
    await fc.assert(
      fc.asyncProperty(mutated(fc.constantFrom(...base.standard)), async (payload) => {
        const delivery = standardDelivery(`msg_x_${++serial}`, payload as Record<string, unknown>, new Date(), STANDARD_SECRET_B);
        const res = await world.app.request('/api/v1/webhooks/standard', { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...bearer } });
        if (res.status !== 400) throw new Error(`status ${res.status}`);
      }),
      { numRuns: 100 },
    );
    expect(world.recorder.writes().slice(writes)).toEqual([]);
  });
});

describe('examples: strings PostgreSQL cannot store', () => {
  it.each(['\u0000', 'a\u0000b'])('an add-on id or subscriptionId holding %j: 400 INVALID_ARGUMENT naming it, never 503', async (bad) => {
    const enc = encodeURIComponent(bad);
    for (const [method, path] of [
      ['GET', `/v1/addon-subscriptions/${enc}`],
      ['POST', `/v1/addon-subscriptions/${enc}:cancel`],
      ['POST', `/v1/addon-subscriptions/${enc}%3Aundo-cancel`],
      ['GET', `/v1/addon-subscriptions?subscriptionId=${enc}`],
    ] as const) {
      const res = await world.app.request(path, { method, headers: validAuth });
      const text = await res.text();
      expect(answerProblems({ method, path }, res.status, text)).toEqual([]);
      expect([path, res.status]).toEqual([path, 400]);
      expect(text).toMatch(/"field":"(addonSubscriptionId|subscriptionId)"/);
    }
  });

  // NOTE: PostgreSQL refuses \u0000 and lone surrogates, so a verified payload carrying them
  // could never be stored; it must be refused as malformed (400), not answered 503 (which a
  // provider would retry forever).
  const sign = (provider: ProviderName, bad: string, n: number) => {
    const at = new Date();
    if (provider === 'stripe') return stripeDelivery(stripeInvoiceEvent('invoice.paid', { eventId: `evt_nul_${n}`, created: at, subscriptionId: bad }), at);
    if (provider === 'paddle') return paddleDelivery(paddleSubscriptionEvent({ eventId: `evt_nul_${n}`, occurredAt: at, subscriptionId: bad, priceId: 'pri_nul' }), at);
    return standardDelivery(`msg_nul_${n}`, standardEvent('payment.failed', at, bad), at);
  };
  let n = 0;
  for (const provider of ['stripe', 'paddle', 'standard'] as const) {
    it(`a signed payload whose subscription id holds \\u0000 is answered 400, not 503 (${provider})`, async () => {
      const org = SEED_ORG[provider];
      const bearer: Record<string, string> = provider === 'standard' ? { authorization: `Bearer ${await world.token([org])}`, 'x-organization-id': org } : {};
      const delivery = sign(provider, 'sub_\u0000', ++n);
      const res = await world.app.request(`/api/v1/webhooks/${provider}`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...bearer } });
      expect(res.status).toBe(400);
    });
  }
});

function withFreshId(payload: unknown, provider: ProviderName, n: number): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const key = provider === 'stripe' ? 'id' : 'event_id';
  const record = payload as Record<string, unknown>;
  return typeof record[key] === 'string' ? { ...record, [key]: `${record[key] as string}_${n}` } : payload;
}

describe('properties', () => {
  it('no-leak: log ∩ {tokens, secrets, signatures} = ∅ ∧ no unhandled error was logged', () => {
    const text = world.logText();
    expect(leakedInto(text, world.sensitive)).toEqual([]);
    // NOTE: the known defect above logs its 503s; every other error line is a finding.
    const errors = text.split('\n').filter((l) => (l.includes('"level":50') || l.includes('"level":60')) && !l.includes('/api/v1/webhooks/'));
    expect(errors.slice(0, 3)).toEqual([]);
  });
});
