import { calculatePlan, type PlanRequest } from '@billing/pricing-core';
import { toPlainJson } from '../http/plain-json.js';

/** The example request of `POST /v1/plans:calculate` in the OpenAPI document. */
export const PLAN_REQUEST_EXAMPLE: PlanRequest = {
  planConfig: {
    currency: 'USD',
    prices: [
      { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' },
      { productType: 'PRODUCT_TYPE_ADDON', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1.25', addonCode: 'backup' },
      { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.05', metricName: 'egress_gb', freeUnits: 100 },
    ],
  },
  instances: [
    { quantity: 2, region: 'eu-west', addons: [{ code: 'backup' }], usage: { egress_gb: 400 } },
    { quantity: 1, usage: { egress_gb: 40 } },
  ],
  calcConfig: { taxRate: '0.2', discountPercent: 10 },
};

/**
 * The example response: the engine's own answer to the example request, so it cannot drift.
 * @example planResultExample().total // '42.66'
 */
export function planResultExample(): unknown {
  return JSON.parse(toPlainJson(calculatePlan(PLAN_REQUEST_EXAMPLE)));
}
