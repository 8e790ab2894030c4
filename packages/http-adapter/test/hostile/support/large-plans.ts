/**
 * A compact plan request of `instances` x `prices` entries: a mix of flat, per-unit, tiered and
 * metered prices, each instance with a quantity and usage, so every entry does real work.
 * @example largePlan(10_000, 100).length // under 1 MiB
 */
export function largePlan(instances: number, prices: number): string {
  const models = [
    { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '4.50' },
    { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.0133', metricName: 'cpu', freeUnits: 2, prorate: true },
    {
      productType: 'PRODUCT_TYPE_BASE',
      pricingModel: 'PRICING_MODEL_TIERED',
      tiers: [
        { startInclusive: 0, endExclusive: 5, unitAmount: '7' },
        { startInclusive: 5, endExclusive: 10, unitAmount: '6.5' },
        { startInclusive: 10, unitAmount: '6' },
      ],
    },
    { productType: 'PRODUCT_TYPE_BASE', pricingModel: 'PRICING_MODEL_PACKAGE', packageSize: 100, packagePrice: '1.25', metricName: 'req' },
  ];
  const planConfig = { currency: 'USD', prices: Array.from({ length: prices }, (_, i) => models[i % models.length]) };
  const instance = (i: number) => `{"quantity":${(i % 7) + 1},"hoursUsed":${(i % 700) + 30},"usage":{"cpu":[${i % 9},3,1],"req":${i % 500}}}`;
  return `{"planConfig":${JSON.stringify(planConfig)},"instances":[${Array.from({ length: instances }, (_, i) => instance(i)).join(',')}]}`;
}
