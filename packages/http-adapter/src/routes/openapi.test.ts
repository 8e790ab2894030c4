import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

async function document(): Promise<Doc> {
  const res = await testApp(fakeBilling()).request('/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

describe('examples: GET /openapi.json', () => {
  it('is OpenAPI 3.1 with every operation, colons literal', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/webhooks/{provider}',
      '/healthz',
      '/readyz',
      '/v1/addon-subscriptions',
      '/v1/addon-subscriptions/{addonSubscriptionId}',
      '/v1/addon-subscriptions/{addonSubscriptionId}:cancel',
      '/v1/addon-subscriptions/{addonSubscriptionId}:undo-cancel',
      '/v1/plans:calculate',
    ]);
  });

  it('names the shared schemas: AIP-193 error, plan, add-on, webhook payload and acknowledgement', async () => {
    const doc = await document();
    for (const name of ['Error', 'PlanRequest', 'PlanResult', 'AddonSubscription', 'ListAddonSubscriptionsResponse', 'StandardWebhookPayload', 'WebhookAck']) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    expect(JSON.stringify(doc.paths['/v1/plans:calculate'])).toContain('#/components/schemas/PlanRequest');
    expect(JSON.stringify(doc.components.schemas['PlanRequest'])).toContain('planConfig');
    expect(JSON.stringify(doc.components.schemas['PlanResult'])).toContain('lineItems');
    // NOTE: the minimum commitment travels from the field table and the result's totals table.
    expect(JSON.stringify(doc.components.schemas['PlanRequest'])).toContain('"minimumCommitment"');
    const result = doc.components.schemas['PlanResult'] as { properties: Record<string, unknown>; required: string[] };
    const keys = Object.keys(result.properties);
    expect(keys[keys.indexOf('overageCost') + 1]).toBe('commitmentTrueUp');
    expect(result.required).toContain('commitmentTrueUp');
    expect(JSON.stringify(doc.components.schemas['StandardWebhookPayload'])).toContain('subscription.updated');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('requires the bearer token globally; only health, metrics and webhooks say otherwise', async () => {
    const doc = (await document()) as Awaited<ReturnType<typeof document>> & { security?: unknown };
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const overrides = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.security !== undefined).map(([method]) => `${method} ${path}`));
    expect(overrides.filter((o) => o !== 'get /metrics').sort()).toEqual(['get /healthz', 'get /readyz', 'post /api/v1/webhooks/{provider}']);
  });

  it('documents the AIP-193 error on authenticated operations', async () => {
    const doc = await document();
    const get = doc.paths['/v1/addon-subscriptions/{addonSubscriptionId}']?.['get'];
    expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    expect(JSON.stringify(get?.responses['404'])).toContain('#/components/schemas/Error');
  });

  it('documents the resource fields, the externalSubscriptionId filter and the standard item ids', async () => {
    const doc = await document();
    const addon = doc.components.schemas['AddonSubscription'] as { properties: Record<string, unknown>; required: string[] };
    for (const field of ['addonId', 'addonPriceId', 'subscriptionName', 'addonName', 'timestamps']) {
      expect(addon.required, field).toContain(field);
    }
    expect(addon.properties).not.toHaveProperty('displayName');
    expect(Object.keys(addon.properties).slice(0, 3)).toEqual(['id', 'quantity', 'startDate']);
    expect(JSON.stringify(doc.paths['/v1/addon-subscriptions'])).toContain('"name":"externalSubscriptionId"');
    const standard = JSON.stringify(doc.components.schemas['StandardWebhookPayload']);
    for (const field of ['"addonId"', '"addonPriceId"', '"addonName"']) expect(standard).toContain(field);
  });
});
