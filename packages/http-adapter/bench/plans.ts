import { REFERENCE_PRICES } from '../../pricing-core/bench/reference-plan.js';

/** Request bodies of the calculate benchmark. */

/** One base price, one instance. */
export const SMALL_PLAN = {
  planConfig: { currency: 'EUR', prices: [{ productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.0125' }] },
  instances: [{ quantity: 1, hoursUsed: 300 }],
};

const PRICES = [
  { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12', prorate: true },
  {
    pricingModel: 'PRICING_MODEL_TIERED',
    metricName: 'cpu',
    freeUnits: 50,
    tiers: [
      { startInclusive: 0, endExclusive: 100, unitAmount: '0.05' },
      { startInclusive: 100, endExclusive: 1000, unitAmount: '0.04' },
      { startInclusive: 1000, unitAmount: '0.03' },
    ],
  },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ipv4', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1.20' },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'backup', pricingModel: 'PRICING_MODEL_PACKAGE', metricName: 'backup_gb', packageSize: 50, packagePrice: '2' },
  { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'transfer', freeUnits: 1000, unitAmount: '0.01' },
];

/** Five prices (flat, graduated tiers, two add-ons, pooled usage) over `count` varied instances. */
export function largePlan(count: number) {
  const instances = Array.from({ length: count }, (_, i) => ({
    quantity: 1 + (i % 3),
    hoursUsed: 24 + ((i * 37) % 700),
    region: ['fra1', 'nyc3', 'sgp1'][i % 3],
    usage: { cpu: (i * 97) % 3000, transfer: (i * 131) % 3000 },
    addons: [
      ...(i % 2 === 0 ? [{ code: 'ipv4', usage: 1 + (i % 4) }] : []),
      ...(i % 3 === 0 ? [{ code: 'backup', usage: { backup_gb: (i * 13) % 500 } }] : []),
    ],
  }));
  return {
    planConfig: { currency: 'USD', prices: PRICES },
    instances,
    calcConfig: { capHours: 672, discountPercent: 5, couponValue: '10.00', taxRate: 0.2 },
  };
}

/**
 * The 3 x 6 plan of the speed goal: 3 instances, 6 prices (an hourly per-unit price, a graduated 3-tier
 * metered price, a flat add-on, a metered add-on, a package price with free units, a prorated pooled usage
 * price), capHours 672, tax, a percent discount and a coupon. The prices are those of pricing-core's
 * reference plan (`pnpm bench`).
 */
export const PLAN_3X6 = {
  planConfig: {
    currency: 'USD',
    prices: REFERENCE_PRICES,
  },
  instances: [
    { quantity: 1, hoursUsed: 300, usage: { cpu: 150, requests: 240, transfer: 900 }, addons: [{ code: 'ipv4', usage: 2 }] },
    { quantity: 2, hoursUsed: 744, usage: { cpu: 2400, requests: 35, transfer: 1800 }, addons: [{ code: 'backup', usage: { backup_gb: 120 } }] },
    { quantity: 3, hoursUsed: 24, usage: { cpu: 0, requests: 999, transfer: 10 }, addons: [{ code: 'ipv4', usage: 1 }, { code: 'backup', usage: { backup_gb: 0 } }] },
  ],
  calcConfig: { capHours: 672, discountPercent: 5, couponValue: '10.00', taxRate: 0.2 },
};

/** The README's first calculation (section "The server"). */
export const README_PLAN = {
  planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '10.00' }] },
  instances: [{ quantity: 2, region: 'eu-west' }],
  calcConfig: { taxRate: 0.2 },
};

/**
 * The 3 x 6 plan with real-world readings: decimal usage (one and two places: GiB, GB-hours) and
 * fractional hours, as metered usage arrives. The plan of the HTTP goal against the bare server.
 */
export const PLAN_3X6_DECIMAL = {
  ...PLAN_3X6,
  instances: [
    { quantity: 1, hoursUsed: 300.5, usage: { cpu: 150.25, requests: 240.5, transfer: 900.75 }, addons: [{ code: 'ipv4', usage: 2 }] },
    { quantity: 2, hoursUsed: 743.25, usage: { cpu: 2400.5, requests: 35.1, transfer: 1800.25 }, addons: [{ code: 'backup', usage: { backup_gb: 120.5 } }] },
    { quantity: 3, hoursUsed: 24.75, usage: { cpu: 0.5, requests: 999.9, transfer: 10.05 }, addons: [{ code: 'ipv4', usage: 1 }, { code: 'backup', usage: { backup_gb: 0.25 } }] },
  ],
};
