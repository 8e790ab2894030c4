import type { DomainErrorCode } from '@billing/billing-domain';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';
import { reasonOf } from './status-table.js';

const headers = authHeaders(await signToken());

describe('examples: domain outcomes through the one status table (AIP-193)', () => {
  const table: [DomainErrorCode, number, string][] = [
    ['addon.not_found', 404, 'NOT_FOUND'],
    ['addon.ended', 400, 'FAILED_PRECONDITION'],
    ['addon.parent_cancelling', 400, 'FAILED_PRECONDITION'],
    ['addon.already_canceled', 400, 'FAILED_PRECONDITION'],
    ['request.invalid_argument', 400, 'INVALID_ARGUMENT'],
    ['request.invalid_page_token', 400, 'INVALID_ARGUMENT'],
    ['storage.unavailable', 503, 'UNAVAILABLE'],
    ['concurrency.aborted', 409, 'ABORTED'],
  ];
  it.each(table)('%s -> %i %s', async (code, httpStatus, status) => {
    const billing = fakeBilling();
    billing.nextError = { code, message: `because ${code}` };
    const res = await testApp(billing).request('/v1/addon-subscriptions/as_1:undo-cancel', { method: 'POST', headers });
    expect(res.status).toBe(httpStatus);
    const body = (await res.json()) as { error: { details: { '@type': string; reason?: string }[] } };
    expect(body).toMatchObject({ error: { code: httpStatus, status, message: `because ${code}` } });
    expect(body.error.details.at(-1)).toEqual({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: reasonOf(code),
      domain: 'billing',
      metadata: {},
    });
  });

  it('a failed precondition names the resource in a PreconditionFailure', async () => {
    const billing = fakeBilling();
    billing.nextError = { code: 'addon.ended', message: 'the add-on has ended' };
    const res = await testApp(billing).request('/v1/addon-subscriptions/as_7:undo-cancel', { method: 'POST', headers });
    expect(await res.json()).toMatchObject({
      error: {
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.PreconditionFailure',
            violations: [{ type: 'ADDON_ENDED', subject: 'addonSubscriptions/as_7', description: 'the add-on has ended' }],
          },
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo' },
        ],
      },
    });
  });

  it('an unknown page token names pageToken in a BadRequest', async () => {
    const billing = fakeBilling();
    billing.nextError = { code: 'request.invalid_page_token', message: 'unknown page token' };
    const res = await testApp(billing).request('/v1/addon-subscriptions?pageToken=zzz', { headers });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('"fieldViolations":[{"field":"pageToken","description":"unknown page token"}]');
  });

  it('an unexpected exception: 500 INTERNAL, no stack trace, no message leak', async () => {
    const billing = fakeBilling();
    billing.addons.get = async () => {
      throw new Error('connection string postgres://user:pw@db');
    };
    const res = await testApp(billing).request('/v1/addon-subscriptions/as_1', { headers });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 500, status: 'INTERNAL', message: 'internal error' } });
    expect(text).not.toMatch(/postgres|at .*\.ts/);
  });

  it('an unknown route: 404 NOT_FOUND in AIP-193 shape', async () => {
    const res = await testApp(fakeBilling()).request('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });
});
