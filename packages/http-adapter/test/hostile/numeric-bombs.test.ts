import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectInvalidField, expectSameProcessAlive, startTarget, stopTarget, type Target } from './support/hostile-server.js';

// Finding 1: a numeric string with a huge exponent ("1e-999999999") reaches big.js, which
// expands it to a billion digits: the process runs out of memory and dies. The rule (docs/pricing.md):
// every number is below 10^15 with at most 12 decimal places, checked before any arithmetic.

const BOMB = '1e-999999999';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => stopTarget(target));

const metered = (extra: Record<string, unknown>) => ({
  productType: 'PRODUCT_TYPE_BASE',
  pricingModel: 'PRICING_MODEL_PER_UNIT',
  unitAmount: '0.01',
  metricName: 'cpu',
  ...extra,
});
const tiered = (tiers: unknown[]) => ({ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_TIERED', tiers });

const CASES: [field: string | RegExp, body: unknown][] = [
  ['planConfig.prices[0].freeUnits', { planConfig: { prices: [metered({ freeUnits: BOMB })] }, instances: [{ usage: { cpu: 5 } }] }],
  ['calcConfig.capHours', { planConfig: { prices: [metered({ prorate: true })] }, instances: [{ usage: { cpu: 5 } }], calcConfig: { capHours: BOMB } }],
  ['instances[0].hoursUsed', { planConfig: { prices: [metered({ prorate: true })] }, instances: [{ hoursUsed: BOMB, usage: { cpu: 5 } }] }],
  // NOTE: the path of a usage array element is spelled by the engine; it must lead to the element.
  [/^instances\[0\]\.usage.*cpu.*\[1\]$/, { planConfig: { prices: [metered({})] }, instances: [{ usage: { cpu: [1, BOMB, 2] } }] }],
  ['planConfig.prices[0].unitQuantity', { planConfig: { prices: [metered({ unitQuantity: BOMB })] }, instances: [{ usage: { cpu: 5 } }] }],
  [
    'planConfig.prices[0].tiers[0].endExclusive',
    { planConfig: { prices: [tiered([{ startInclusive: 0, endExclusive: BOMB, unitAmount: '1' }, { startInclusive: BOMB, unitAmount: '2' }])] }, instances: [{ quantity: 3 }] },
  ],
  [
    'planConfig.prices[0].tiers[1].startInclusive',
    { planConfig: { prices: [tiered([{ startInclusive: 0, endExclusive: 10, unitAmount: '1' }, { startInclusive: BOMB, unitAmount: '2' }])] }, instances: [{ quantity: 3 }] },
  ],
];

describe('finding 1: numeric bombs ("1e-999999999") are refused before any arithmetic', () => {
  it.each(CASES)('%s: 400 INVALID_ARGUMENT naming the field, within the client timeout', async (field, body) => {
    expectInvalidField(await target.calculate(body), field);
  });

  it('the same process is alive and /healthz answers', async () => {
    await expectSameProcessAlive(target);
  });
});
