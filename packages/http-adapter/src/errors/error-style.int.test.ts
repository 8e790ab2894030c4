import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsWorld } from '../../test/support/events-world.js';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { customMethodsOf } from '../app.js';

// One error style for every endpoint: each problem at its own field path, all of them in one answer,
// a suggestion when a known name is near, and every limit named by its setting.

let world: Awaited<ReturnType<typeof eventsWorld>>;
beforeAll(async () => {
  world = await eventsWorld();
});
afterAll(async () => world.close());

const violationsOf = (body: Record<string, any>): { field: string; description: string }[] =>
  (body.error?.details ?? []).flatMap((d: { fieldViolations?: unknown[] }) => d.fieldViolations ?? []);
const byField = (a: { field: string }, b: { field: string }) => a.field.localeCompare(b.field);

describe('examples: unknown fields', () => {
  it('an event destination with `descripton` and no url: both violations in one answer, the unknown key at its own path with "did you mean"', async () => {
    const res = await world.call('POST', '/v1/event-destinations', { descripton: 'VM platform', colour: 'red' });
    expect(res.status).toBe(400);
    expect(violationsOf(res.body).sort(byField)).toEqual([
      { field: 'colour', description: 'Unknown field: not part of the request format.' },
      { field: 'descripton', description: 'Unknown field: did you mean "description"?' },
      { field: 'url', description: expect.any(String) },
    ]);
    expect(res.body.error.message).toBe('request has 3 invalid fields');
  });

  it('a PATCH of a destination with `disbled`: at its path with "did you mean"', async () => {
    const made = await world.call('POST', '/v1/event-destinations', { url: 'https://hooks.example.com/billing' });
    const res = await world.call('PATCH', `/v1/event-destinations/${made.body.eventDestination.id}`, { disbled: true });
    expect(violationsOf(res.body)).toEqual([{ field: 'disbled', description: 'Unknown field: did you mean "disabled"?' }]);
  });
});

describe('examples: custom methods', () => {
  const token = signToken();
  it('POST …:undocancel: 404 naming the methods the resource has and the nearest one', async () => {
    const app = testApp(fakeBilling());
    const res = await app.request('/v1/addon-subscriptions/as_1:undocancel', { method: 'POST', headers: authHeaders(await token) });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'no route for POST /v1/addon-subscriptions/as_1:undocancel; the custom methods here are :cancel, :undo-cancel (did you mean :undo-cancel?)',
    );
  });

  it('GET on an existing custom method: 404 naming the HTTP method it takes', async () => {
    const app = testApp(fakeBilling());
    const res = await app.request('/v1/addon-subscriptions/as_1:cancel', { headers: authHeaders(await token) });
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('no route for GET /v1/addon-subscriptions/as_1:cancel; :cancel takes POST');
  });

  it('the custom methods of a path: those documented for the same resource shape only', () => {
    const documented = ['POST /v1/plans:calculate', 'POST /v1/addon-subscriptions/{id}:cancel', 'POST /v1/addon-subscriptions/{id}:undo-cancel', 'POST /v1/events/{eventId}:resend'];
    const names = (path: string) => customMethodsOf(path, documented).map((m) => m.name);
    expect(names('/v1/plans:calc')).toEqual(['calculate']);
    expect(names('/v1/events/evt_1:resnd')).toEqual(['resend']);
    expect(names('/v1/addon-subscriptions:cancel')).toEqual([]);
    expect(names('/v1/addon-subscriptions/as_1')).toEqual([]);
  });
});

describe('examples: the Authorization header', () => {
  it.each([
    ['absent', undefined, 'an Authorization: Bearer <token> header is required'],
    ['a token without "Bearer "', 'eyJhbGciOiJIUzI1NiJ9.e30.sig', 'the Authorization header must be "Bearer <token>": its value does not start with "Bearer " followed by one token'],
    ['another scheme', 'Basic YTpi', 'the Authorization header must be "Bearer <token>": its value does not start with "Bearer " followed by one token'],
  ])('%s: 401 saying what is wrong, never echoing the value', async (_, authorization, message) => {
    const app = testApp(fakeBilling());
    const headers: Record<string, string> = { 'x-organization-id': 'org_a', ...(authorization === undefined ? {} : { authorization }) };
    const res = await app.request('/v1/addon-subscriptions', { headers });
    const body = (await res.json()) as { error: { message: string } };
    expect({ status: res.status, message: body.error.message }).toEqual({ status: 401, message });
  });
});

describe('examples: 413 names its setting', () => {
  it('/v1 and the webhook receiver both name BILLING_BODY_LIMIT_BYTES', async () => {
    const app = testApp(fakeBilling(), { bodyLimitBytes: 8 });
    const v1 = await app.request('/v1/plans:calculate', {
      method: 'POST',
      headers: { ...authHeaders(await signToken()), 'content-type': 'application/json' },
      body: JSON.stringify({ instances: [] }),
    });
    const webhook = await app.request('/api/v1/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=ab' },
      body: JSON.stringify({ id: 'evt_1' }),
    });
    expect({ v1: v1.status, webhook: webhook.status }).toEqual({ v1: 413, webhook: 413 });
    expect(((await v1.json()) as { error: { message: string } }).error.message).toContain('(BILLING_BODY_LIMIT_BYTES)');
    expect(((await webhook.json()) as { message: string }).message).toContain('(BILLING_BODY_LIMIT_BYTES)');
  });
});
