// The reference plan of the speed goal: 6 prices (an HOURLY per-unit price, a graduated 3-tier
// metered price, a FLAT add-on, a metered add-on, a PACKAGE price with free units, a prorated
// pooled USAGE price with free units), capHours 672, a percent discount, a coupon and tax. Its
// instances carry usage readings as a meter reports them: decimals with one and two places
// (GiB, GB-hours) and fractional hours; the whole-number variant rounds every reading to a
// whole number. The same arithmetic as a float64 loop (not exact: a yardstick only).

export interface ReferenceInstance {
  quantity: number;
  hoursUsed: number;
  usage: { cpu: number; requests: number; transfer: number };
  addons: ({ code: 'ipv4'; usage: number } | { code: 'backup'; usage: { backup_gb: number } })[];
}

const CAP_HOURS = 672;

export const REFERENCE_PRICES = [
  { pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '0.0125', billingPeriod: 'BILLING_PERIOD_HOURLY' },
  {
    pricingModel: 'PRICING_MODEL_TIERED',
    metricName: 'cpu',
    tiers: [
      { startInclusive: 0, endExclusive: 100, unitAmount: '0.05' },
      { startInclusive: 100, endExclusive: 1000, unitAmount: '0.04' },
      { startInclusive: 1000, unitAmount: '0.03' },
    ],
  },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ipv4', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '3' },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'backup', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'backup_gb', unitAmount: '0.02' },
  { pricingModel: 'PRICING_MODEL_PACKAGE', metricName: 'requests', freeUnits: 10, packageSize: 50, packagePrice: '2' },
  { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'transfer', freeUnits: 1000, unitAmount: '0.01', prorate: true },
];

/** A small deterministic generator (mulberry32), so every run prices the same plan. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` instances, the same for the same count and variant: decimal readings (cpu and
 * requests with one place, transfer and backup with two, hours in quarters) or whole ones.
 */
export function referenceInstances(count: number, decimal = true): ReferenceInstance[] {
  const next = random(count + 7);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  // A reading with `places` decimals (a whole number in the whole variant).
  const reading = (max: number, places: number) => (decimal ? int(0, max * 10 ** places) / 10 ** places : int(0, max));
  return Array.from({ length: count }, (): ReferenceInstance => {
    const addons: ReferenceInstance['addons'] = [];
    if (next() < 0.5) addons.push({ code: 'ipv4', usage: int(1, 4) });
    if (next() < 0.5) addons.push({ code: 'backup', usage: { backup_gb: reading(500, 2) } });
    return {
      quantity: int(1, 3),
      hoursUsed: decimal ? int(24 * 4, 744 * 4) / 4 : int(24, 744),
      usage: { cpu: reading(3000, 1), requests: reading(1000, 1), transfer: reading(3000, 2) },
      addons,
    };
  });
}

/** The request of the reference plan over `instances`. */
export function referenceRequest(instances: ReferenceInstance[]) {
  return {
    planConfig: { currency: 'USD', prices: REFERENCE_PRICES },
    instances,
    calcConfig: { capHours: CAP_HOURS, discountPercent: 5, couponValue: '10.00', taxRate: 0.2 },
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The arithmetic of one instance in float64: its rounded base and add-on amounts and its pooled figures. */
function floatInstance(instance: ReferenceInstance): { base: number; addons: number; allowance: number } {
  const q = instance.quantity;
  const billable = Math.min(instance.hoursUsed, CAP_HOURS);
  const factor = billable / CAP_HOURS;
  const cpu = instance.usage.cpu;
  let base = q * 0.0125 * billable;
  base += Math.min(cpu, 100) * 0.05 + Math.max(0, Math.min(cpu, 1000) - 100) * 0.04 + Math.max(0, cpu - 1000) * 0.03;
  base += Math.ceil(Math.max(0, instance.usage.requests - 10 * q) / 50) * 2;
  let addons = 0;
  for (const entry of instance.addons) {
    if (entry.code === 'ipv4') addons += 3 * q;
    else addons += entry.usage.backup_gb * 0.02;
  }
  return { base: round2(base), addons: round2(addons), allowance: 1000 * q * factor };
}

/** The same plan priced with float64 numbers, the arithmetic only: the total. */
export function referenceFloatTotal(instances: readonly ReferenceInstance[]): number {
  let subtotal = 0;
  let pooledUsage = 0;
  let allowance = 0;
  for (const instance of instances) {
    const figures = floatInstance(instance);
    subtotal += figures.base + figures.addons;
    pooledUsage += instance.usage.transfer;
    allowance += figures.allowance;
  }
  return floatTotals(subtotal, pooledUsage, allowance).total;
}

/**
 * The floor: the same float64 arithmetic building the same answer as the engine's BASIC view
 * (a line item with money strings per instance, the pooled figures, the totals as strings).
 */
export function referenceFloatResult(instances: readonly ReferenceInstance[]) {
  const lineItems = [];
  let subtotal = 0;
  let pooledUsage = 0;
  let allowance = 0;
  for (let i = 0; i < instances.length; i += 1) {
    const instance = instances[i]!;
    const figures = floatInstance(instance);
    const line = figures.base + figures.addons;
    lineItems.push({
      instanceLabel: `instance-${i + 1}`,
      quantity: instance.quantity,
      base: figures.base.toFixed(2),
      addons: figures.addons.toFixed(2),
      subtotal: line.toFixed(2),
      currency: 'USD',
    });
    subtotal += line;
    pooledUsage += instance.usage.transfer;
    allowance += figures.allowance;
  }
  const totals = floatTotals(subtotal, pooledUsage, allowance);
  return {
    lineItems,
    pooledAllowances: { transfer: allowance },
    pooledUsage: { transfer: pooledUsage },
    subtotal: subtotal.toFixed(2),
    overageCost: totals.overage.toFixed(2),
    discounted: totals.discounted.toFixed(2),
    tax: totals.tax.toFixed(2),
    total: totals.total.toFixed(2),
    currency: 'USD',
    discountPercent: 5,
    couponValue: '10.00',
    debug: {
      engineVersion: '1.0.0',
      rounding: 'half-up to 2 decimal places (USD)',
      totals: {
        pre: totals.pre.toFixed(2),
        percentOff: totals.percentOff.toFixed(2),
        couponOff: totals.couponOff.toFixed(2),
        discounted: totals.discounted.toFixed(2),
        taxRate: '0.2',
      },
    },
  };
}

/** Both plans' ending in float64: the pooled overage at 0.01, 5% off, a 10.00 coupon, 20% tax. */
export function floatTotals(subtotal: number, pooledUsage: number, allowance: number) {
  const overage = round2(Math.max(0, pooledUsage - allowance) * 0.01);
  const pre = subtotal + overage;
  const percentOff = round2(pre * 0.05);
  const couponOff = Math.min(10, pre - percentOff);
  const discounted = pre - percentOff - couponOff;
  const tax = round2(discounted * 0.2);
  return { overage, pre, percentOff, couponOff, discounted, tax, total: discounted + tax };
}
