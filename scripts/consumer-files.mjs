// The files of the fresh project in which scripts/check-packages.mjs installs the packed
// @billing/pricing-core: each uses it as a user would and exits non-zero when it misbehaves.

const REQUEST = `{
  planConfig: { currency: 'USD', prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }] },
  instances: [{ quantity: 2 }],
  calcConfig: { taxRate: 0.2 },
}`;

export const CONSUMER_FILES = {
  'require.cjs': `
const assert = require('node:assert/strict');
const { calculatePlan, PricingValidationError, DEFAULT_PRICING_LIMITS } = require('@billing/pricing-core');
const result = calculatePlan(${REQUEST});
assert.equal(result.total, '24.00');
assert.equal(DEFAULT_PRICING_LIMITS.maxInstances, 10000);
assert.throws(() => calculatePlan({ instances: 'x' }), PricingValidationError);
assert.equal(require('@billing/pricing-core').planRequestSchema, undefined, 'the main entry exports no zod schema');
const loaded = Object.keys(require.cache);
assert.ok(!loaded.some((path) => path.includes('fast-check')), 'the main entry loads fast-check');
const { planRequestSchema } = require('@billing/pricing-core/schema');
assert.equal(planRequestSchema.safeParse(${REQUEST}).success, true);
const fc = require('fast-check');
const { sumOfPartsLaw } = require('@billing/pricing-core/testing');
fc.assert(sumOfPartsLaw(calculatePlan), { numRuns: 20 });
console.log('total ' + result.total + ', a law held from require()');
`,
  'import.mjs': `
import assert from 'node:assert/strict';
import { calculatePlan, PricingValidationError, validatePlanRequest } from '@billing/pricing-core';
import { planResultSchema } from '@billing/pricing-core/schema';
const result = calculatePlan(${REQUEST}, { view: 'FULL' });
assert.equal(result.total, '24.00');
assert.equal(result.debug.instances.length, 1);
planResultSchema.parse(result);
try {
  calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmmount: '1' }] } });
  assert.fail('an unknown field was accepted');
} catch (error) {
  assert.ok(error instanceof PricingValidationError);
  assert.match(error.violations[0].field, /unitAmmount/);
}
assert.equal(validatePlanRequest(${REQUEST}).success, true);
console.log('total ' + result.total);
`,
  'laws.mjs': `
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { calculatePlan } from '@billing/pricing-core';
import { pricingLaws, sumOfPartsLaw, planRequestArbitrary } from '@billing/pricing-core/testing';
const laws = Object.entries(pricingLaws(calculatePlan, { currencies: ['USD', 'JPY'] }));
for (const [, law] of laws) fc.assert(law, { numRuns: 25 });
const wrong = (request, options) => ({ ...calculatePlan(request, options), total: '-1' });
assert.equal(fc.check(sumOfPartsLaw(wrong), { numRuns: 25 }).failed, true, 'a wrong total passed the law');
assert.equal(fc.sample(planRequestArbitrary({ minInstances: 1 }), 3).length, 3);
console.log(laws.length + ' laws held');
`,
  // NOTE: compiled with skipLibCheck off, so every declaration the package ships (and every
  // module they name) must resolve for a user: an internal type naming big.js did not.
  'types.mts': `
import { calculatePlan, isPricingValidationError, parsePlanConfig, type CalculateOptions, type ParsedPlanConfig, type PlanRequest, type PlanResult } from '@billing/pricing-core';
import { planRequestSchema } from '@billing/pricing-core/schema';
import { planRequestArbitrary, sumOfPartsLaw, type PlanOptions } from '@billing/pricing-core/testing';
import fc from 'fast-check';
const request: PlanRequest = ${REQUEST};
const options: CalculateOptions = { view: 'FULL' };
export function total(): string {
  const result: PlanResult = calculatePlan(request, options);
  // @ts-expect-error: the result has no such field
  result.totl;
  return result.total;
}
export function refused(error: unknown): number {
  return isPricingValidationError(error) ? error.violations.length : 0;
}
export const parsed: PlanRequest | undefined = planRequestSchema.safeParse(request).data;
const plan: ParsedPlanConfig = parsePlanConfig(request.planConfig);
export const quoted: string = calculatePlan({ instances: request.instances }, { planConfig: plan }).total;
const knobs: Partial<PlanOptions> = { minInstances: 1 };
export const sample: PlanRequest[] = fc.sample(planRequestArbitrary(knobs), 1);
fc.assert(sumOfPartsLaw(calculatePlan), { numRuns: 1 });
`,
  'types.cts': `
import pricing = require('@billing/pricing-core');
import testing = require('@billing/pricing-core/testing');
const result: pricing.PlanResult = pricing.calculatePlan({ instances: [{ quantity: 1 }] });
export const total: string = result.total;
export const laws: number = Object.keys(testing.pricingLaws(pricing.calculatePlan)).length;
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['ES2023', 'DOM'] },
    files: ['types.mts', 'types.cts'],
  }),
};

// The files of the fresh project in which scripts/check-packages.mjs installs the packed
// @billing/client: a fetch stand-in answers as the server does, so the client's request, its
// answer, its errors, its retry and verifyEvent are checked from require(), import and the types.
const CLIENT_FETCH = `async (request) => {
  const path = new URL(request.url).pathname;
  seen.push(request.method + ' ' + path);
  const json = (status, body, headers = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  if (request.headers.get('authorization') !== 'Bearer t0ken' || request.headers.get('x-organization-id') !== 'org_a') return json(401, {});
  if (seen.length === 1) return json(503, { error: { code: 503, status: 'UNAVAILABLE', message: 'busy', details: [] } }, { 'retry-after': '0' });
  if (path === '/v1/plans:calculate') return json(200, { ...(await request.json()).expect, lineItems: [] });
  return json(404, { error: { code: 404, status: 'NOT_FOUND', message: 'no such add-on', details: [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'ADDON_NOT_FOUND', domain: 'billing', metadata: {} } ] } });
}`;

const CLIENT_SECRET = `'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')`;

export const CLIENT_CONSUMER_FILES = {
  'require.cjs': `
const assert = require('node:assert/strict');
const { createBillingClient, isBillingApiError, verifyEvent, DEFAULT_RETRY_POLICY } = require('@billing/client');
const { Webhook } = require('standardwebhooks');
const seen = [];
const billing = createBillingClient({ baseUrl: 'http://billing.test', token: 't0ken', organizationId: 'org_a', fetch: ${CLIENT_FETCH} });
(async () => {
  const result = await billing.plans.calculate({ expect: { total: '24.00' } });
  assert.equal(result.total, '24.00');
  assert.deepEqual(seen, ['POST /v1/plans:calculate', 'POST /v1/plans:calculate'], 'the 503 was retried');
  const error = await billing.addonSubscriptions.get('as_x').then(() => undefined, (e) => e);
  assert.ok(isBillingApiError(error));
  assert.deepEqual([error.code, error.status, error.reason], [404, 'NOT_FOUND', 'ADDON_NOT_FOUND']);
  assert.equal(DEFAULT_RETRY_POLICY.maxRetries, 2);
  const secret = ${CLIENT_SECRET};
  const body = JSON.stringify({ id: 'evt_1', type: 'ping', data: { eventDestinationId: 'ed_1' } });
  const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': new Webhook(secret).sign('evt_1', new Date(), body) };
  assert.equal(verifyEvent(body, headers, secret).type, 'ping');
  assert.throws(() => verifyEvent(body + ' ', headers, secret), { name: 'EventVerificationError' });
  console.log('total ' + result.total + ' after a retry, 404 ' + error.reason + ', an event verified, from require()');
})().catch((error) => { console.error(error); process.exit(1); });
`,
  'import.mjs': `
import assert from 'node:assert/strict';
import { BillingApiError, createBillingClient } from '@billing/client';
const seen = [];
const billing = createBillingClient({ baseUrl: 'http://billing.test', token: async () => 't0ken', organizationId: 'org_a', fetch: ${CLIENT_FETCH} });
const result = await billing.plans.calculate({ expect: { total: '1.00' } }, { view: 'FULL' });
assert.equal(result.total, '1.00');
const error = await billing.addonSubscriptions.cancel('as_x').catch((e) => e);
assert.ok(error instanceof BillingApiError, 'the ESM class');
assert.equal(error.operation, 'cancelAddonSubscription');
console.log('total ' + result.total + ', ' + error.status + ' from import');
`,
  'types.mts': `
import { createBillingClient, type AddonSubscription, type BillingEvent, type PlanResult } from '@billing/client';
const billing = createBillingClient({ baseUrl: 'http://billing.test', token: 't', organizationId: 'org_a' });
export async function total(): Promise<string> {
  const result: PlanResult = await billing.plans.calculate({ instances: [{ quantity: 1 }] });
  // @ts-expect-error: the result has no such field
  result.totl;
  return result.total;
}
export async function firstCanceled(): Promise<AddonSubscription | undefined> {
  for await (const addon of billing.addonSubscriptions.listAll({ pageSize: 100 })) if (addon.addonStatus === 'ADDON_STATUS_CANCELED') return addon;
  return undefined;
}
export function describe(event: BillingEvent): string {
  switch (event.type) {
    case 'ping': return event.data.eventDestinationId;
    default: return event.data.addonSubscription.id;
  }
}
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['ES2023', 'DOM'] },
    files: ['types.mts'],
  }),
};
