import { describe, expect, it } from 'vitest';
import { calculatePlan, calculatePlanJson, PricingValidationError } from './index.js';
import type { CalcConfig, DecimalString, Instance, PlanRequest, Price, Tier } from './request/types.js';

/** A request as a client would send it. */
function request(
  prices: Price[],
  instances: Instance[],
  calcConfig?: CalcConfig,
  currency?: string,
): PlanRequest {
  return {
    planConfig: currency === undefined ? { prices } : { currency, prices },
    instances,
    ...(calcConfig === undefined ? {} : { calcConfig }),
  };
}

/** The total of one price on one instance using `units` seats (licensed: units = quantity). */
function totalForSeats(price: Price, seats: number): string {
  return calculatePlanJson(request([price], [{ quantity: seats }])).total;
}

/** The total of one metered price on one instance with `usage` units of its metric. */
function totalForUsage(price: Price, usage: number): string {
  return calculatePlanJson(request([price], [{ usage: { [price.metricName ?? '']: usage } }])).total;
}

function violationsOf(body: unknown): { field: string; description: string }[] {
  try {
    calculatePlanJson(body);
  } catch (error) {
    expect(error).toBeInstanceOf(PricingValidationError);
    return (error as PricingValidationError).violations;
  }
  throw new Error('expected a PricingValidationError');
}

const stripeTiers = (tierType: Tier['tierType']): Tier[] => [
  { tierOrder: 1, startInclusive: 0, endExclusive: 5, unitAmount: '7', tierType },
  { tierOrder: 2, startInclusive: 5, endExclusive: 10, unitAmount: '6.50', tierType },
  { tierOrder: 3, startInclusive: 10, unitAmount: '6', tierType },
];

const flatFeeTiers = (tierType: Tier['tierType']): Tier[] =>
  [
    [0, 5, '5', '10'],
    [5, 10, '4', '20'],
    [10, 15, '3', '30'],
    [15, 20, '2', '40'],
    [20, undefined, '1', '50'],
  ].map(([start, end, unitAmount, fee], index) => ({
    tierOrder: index + 1,
    startInclusive: start as number,
    ...(end === undefined ? {} : { endExclusive: end as number }),
    unitAmount: unitAmount as Tier['unitAmount'],
    flatFee: true,
    flatFeeAmount: fee as Tier['flatFeeAmount'],
    tierType,
  }));

describe('examples', () => {
  describe('worked example: Stripe graduated and volume tiers', () => {
    const graduated: Price = { pricingModel: 'PRICING_MODEL_TIERED', tiers: stripeTiers('TIER_MODE_GRADUATED') };
    const volume: Price = { pricingModel: 'PRICING_MODEL_TIERED', tiers: stripeTiers('TIER_MODE_VOLUME') };

    it.each([
      [1, '7.00'],
      [5, '35.00'],
      [6, '41.50'],
      [20, '127.50'],
      [25, '157.50'],
    ])('graduated, %i seats -> %s', (seats, total) => {
      expect(totalForSeats(graduated, seats)).toBe(total);
    });

    it.each([
      [6, '39.00'],
      [20, '120.00'],
      [25, '150.00'],
    ])('volume, %i seats -> %s', (seats, total) => {
      expect(totalForSeats(volume, seats)).toBe(total);
    });

    it('the same tiers metered by usage price the same (graduated 20 -> 127.50, volume 20 -> 120.00)', () => {
      expect(totalForUsage({ ...graduated, metricName: 'seats' }, 20)).toBe('127.50');
      expect(totalForUsage({ ...volume, metricName: 'seats' }, 20)).toBe('120.00');
    });
  });

  describe('worked example: Stripe tiers with flat fees, 12 units', () => {
    it('graduated -> 111.00', () => {
      expect(totalForSeats({ pricingModel: 'PRICING_MODEL_TIERED', tiers: flatFeeTiers(undefined) }, 12)).toBe('111.00');
    });
    it('volume -> 66.00', () => {
      expect(
        totalForSeats({ pricingModel: 'PRICING_MODEL_TIERED', tiers: flatFeeTiers('TIER_MODE_VOLUME') }, 12),
      ).toBe('66.00');
    });
  });

  describe('worked example: Lago metered package, 100 units for $5, 100 free', () => {
    const price: Price = {
      pricingModel: 'PRICING_MODEL_PACKAGE',
      metricName: 'api_calls',
      packageSize: 100,
      packagePrice: '5',
      freeUnits: 100,
    };
    it.each([
      [201, '10.00'],
      [100, '0.00'],
      [301, '15.00'],
    ])('usage %i -> %s', (usage, total) => {
      expect(totalForUsage(price, usage)).toBe(total);
    });
  });

  it('worked example: PER_UNIT $0.40 per 1,000 requests, 12,345 requests -> 4.94', () => {
    const price: Price = {
      pricingModel: 'PRICING_MODEL_PER_UNIT',
      metricName: 'requests',
      unitAmount: '0.40',
      unitQuantity: 1000,
    };
    expect(totalForUsage(price, 12_345)).toBe('4.94');
  });

  describe('worked example: DigitalOcean hourly with a 672-hour cap', () => {
    const hourly: Price = {
      pricingModel: 'PRICING_MODEL_FLAT',
      unitAmount: '0.00893',
      billingPeriod: 'BILLING_PERIOD_HOURLY',
    };
    const monthly: Price = {
      pricingModel: 'PRICING_MODEL_FLAT',
      unitAmount: '10',
      billingPeriod: 'BILLING_PERIOD_MONTHLY',
      prorate: true,
    };
    const at = (price: Price, hoursUsed: number) =>
      calculatePlanJson(request([price], [{ hoursUsed }], { capHours: 672 })).total;

    it('HOURLY $0.00893, 336 h -> 3.00', () => expect(at(hourly, 336)).toBe('3.00'));
    it('HOURLY $0.00893, 744 h -> 6.00 (672 h billed)', () => expect(at(hourly, 744)).toBe('6.00'));
    it('MONTHLY $10 prorated, 336 h -> 5.00', () => expect(at(monthly, 336)).toBe('5.00'));
    it('MONTHLY $10 prorated, 700 h -> 10.00', () => expect(at(monthly, 700)).toBe('10.00'));
  });

  describe('worked example: DigitalOcean pooled transfer', () => {
    const transfer = (productType: Price['productType']): Price => ({
      productType,
      pricingModel: 'PRICING_MODEL_PER_UNIT',
      metricName: 'transfer',
      unitAmount: '0.01',
      freeUnits: 1000,
    });
    const instances: Instance[] = [{ usage: { transfer: 1500 } }, { usage: { transfer: 100 } }];
    const pooled = () => calculatePlanJson(request([transfer('PRODUCT_TYPE_USAGE')], instances));

    it('pooledAllowances.transfer = 2000', () => expect(pooled().pooledAllowances).toEqual({ transfer: 2000 }));
    it('pooledUsage.transfer = 1600', () => expect(pooled().pooledUsage).toEqual({ transfer: 1600 }));
    it('overageCost = 0.00', () => expect(pooled().overageCost).toBe('0.00'));
    it('per instance it would have cost 5.00', () => {
      expect(calculatePlanJson(request([transfer('PRODUCT_TYPE_BASE')], instances)).total).toBe('5.00');
    });
  });

  describe('worked example: a minimum commitment on a FLAT $10 per machine', () => {
    const flat: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10' };
    const committed = (minimumCommitment: DecimalString | null | undefined, instances: Instance[], calcConfig?: CalcConfig) =>
      calculatePlan({ ...request([flat], instances, calcConfig), planConfig: { prices: [flat], minimumCommitment } });
    const figures = (result: ReturnType<typeof calculatePlan>) => {
      const { pre, percentOff, couponOff } = result.debug.totals;
      return [result.subtotal, result.commitmentTrueUp, pre, percentOff, couponOff, result.tax, result.total];
    };
    it.each<DecimalString | null | undefined>([undefined, null, '0', '0.00'])('commitment %j is none: true-up 0.00, total 20.00', (commitment) => {
      expect(figures(committed(commitment, [{}, {}]))).toEqual(['20.00', '0.00', '20.00', '0.00', '0.00', '0.00', '20.00']);
    });
    it('commitment 15.00, met by 20.00: true-up 0.00', () => {
      expect(figures(committed('15.00', [{}, {}]))).toEqual(['20.00', '0.00', '20.00', '0.00', '0.00', '0.00', '20.00']);
    });
    it('commitment 50.00 over 20.00: true-up 30.00, pre 50.00, total 50.00', () => {
      expect(figures(committed('50.00', [{}, {}]))).toEqual(['20.00', '30.00', '50.00', '0.00', '0.00', '0.00', '50.00']);
    });
    it('discount and coupon apply to the committed amount, tax to what remains: 50.00 - 5.00 - 5.00 + 8.00 = 48.00', () => {
      const result = committed('50.00', [{}, {}], { discountPercent: 10, couponValue: '5', taxRate: 0.2 });
      expect(figures(result)).toEqual(['20.00', '30.00', '50.00', '5.00', '5.00', '8.00', '48.00']);
      expect(result.discounted).toBe('40.00');
    });
    it('not prorated: half a cycle of a prorated $10 is 5.00, and the commitment 10 adds a true-up of 5.00', () => {
      const prorated: Price = { ...flat, prorate: true };
      const result = calculatePlan({ planConfig: { prices: [prorated], minimumCommitment: '10' }, instances: [{ hoursUsed: 365 }] });
      expect(figures(result)).toEqual(['5.00', '5.00', '10.00', '0.00', '0.00', '0.00', '10.00']);
    });
    it('commitmentTrueUp comes right after overageCost in the result', () => {
      const keys = Object.keys(committed('50', [{}]));
      expect(keys[keys.indexOf('overageCost') + 1]).toBe('commitmentTrueUp');
    });
    it('in JPY the true-up has no minor digits', () => {
      const result = calculatePlan({ planConfig: { currency: 'JPY', prices: [flat], minimumCommitment: '1000' }, instances: [{}] });
      expect([result.commitmentTrueUp, result.total]).toEqual(['990', '1000']);
    });
  });

  describe('further examples from the rules', () => {
    it('YEARLY $0.06 is exactly 0.005 a month and rounds half-up to 0.01', () => {
      const price: Price = {
        pricingModel: 'PRICING_MODEL_FLAT',
        unitAmount: '0.06',
        billingPeriod: 'BILLING_PERIOD_YEARLY',
      };
      const result = calculatePlanJson(request([price], [{}]));
      expect(result.lineItems[0]?.base).toBe('0.01');
      expect(result.total).toBe('0.01');
    });

    it('division stays exact: 1/3 x 0.015 x 3 in a formula is 0.015 -> 0.02', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: '(1 / 3) * 0.015 * 3' };
      expect(calculatePlanJson(request([price], [{}])).total).toBe('0.02');
    });

    it('discount, then coupon, then tax: 33.33 -15% -> 28.33 -3.00 -> 25.33 +7.5% -> 27.23', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '33.33' };
      const result = calculatePlanJson(
        request([price], [{}], { discountPercent: 15, couponValue: '3.00', taxRate: 0.075 }),
      );
      expect(result.subtotal).toBe('33.33');
      expect(result.debug.totals.pre).toBe('33.33');
      expect(result.debug.totals.percentOff).toBe('5.00');
      expect(result.debug.totals.couponOff).toBe('3.00');
      expect(result.discounted).toBe('25.33');
      expect(result.tax).toBe('1.90');
      expect(result.total).toBe('27.23');
      expect(result.discountPercent).toBe(15);
      expect(result.couponValue).toBe('3.00');
    });

    it('a coupon larger than what is left takes the amount to 0.00, and no tax is due', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '33.33' };
      const result = calculatePlanJson(
        request([price], [{}], { discountPercent: 15, couponValue: '50', taxRate: 0.2 }),
      );
      expect(result.debug.totals.couponOff).toBe('28.33');
      expect(result.discounted).toBe('0.00');
      expect(result.tax).toBe('0.00');
      expect(result.total).toBe('0.00');
      expect(result.couponValue).toBe('50.00');
    });

    it('the discount applies to the overage too: (10.00 + 5.00) - 10% = 13.50', () => {
      const result = calculatePlanJson(
        request(
          [
            { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10' },
            { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'gb', unitAmount: '0.5' },
          ],
          [{ usage: { gb: 10 } }],
          { discountPercent: 10 },
        ),
      );
      expect(result.subtotal).toBe('10.00');
      expect(result.overageCost).toBe('5.00');
      expect(result.discounted).toBe('13.50');
      expect(result.total).toBe('13.50');
    });

    it('JPY has no minor digits: 473.5 rounds half-up to 474, currency matched case-insensitively', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '473.5' };
      const result = calculatePlanJson(request([price], [{}], undefined, 'jpy'));
      expect(result.currency).toBe('JPY');
      expect(result.lineItems[0]?.currency).toBe('JPY');
      expect(result.lineItems[0]?.base).toBe('474');
      expect(result.total).toBe('474');
      expect(result.couponValue).toBe('0');
    });

    it('KWD has three minor digits: 12.3455 -> 12.346, 10% tax -> 1.235, total 13.581', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '12.3455' };
      const result = calculatePlanJson(request([price], [{}], { taxRate: 0.1 }, 'KWD'));
      expect(result.currency).toBe('KWD');
      expect(result.subtotal).toBe('12.346');
      expect(result.tax).toBe('1.235');
      expect(result.total).toBe('13.581');
      expect(result.couponValue).toBe('0.000');
    });

    it('{} is a valid request: zero USD totals and no line items', () => {
      const result = calculatePlanJson({});
      expect(result.lineItems).toEqual([]);
      expect(result.currency).toBe('USD');
      for (const field of ['subtotal', 'overageCost', 'discounted', 'tax', 'total', 'couponValue'] as const) {
        expect(result[field]).toBe('0.00');
      }
      expect(result.discountPercent).toBe(0);
      expect(result.pooledAllowances).toEqual({});
      expect(result.pooledUsage).toEqual({});
    });

    it('instanceLabel is instance-N, with the region in parentheses when given', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' };
      const result = calculatePlanJson(request([price], [{ region: 'nyc3' }, {}, { region: 'fra1', quantity: 2 }]));
      expect(result.lineItems.map((line) => line.instanceLabel)).toEqual([
        'instance-1 (nyc3)',
        'instance-2',
        'instance-3 (fra1)',
      ]);
      expect(result.lineItems.map((line) => line.quantity)).toEqual([1, 1, 2]);
      expect(result.lineItems.map((line) => line.base)).toEqual(['1.00', '1.00', '2.00']);
    });

    it('an add-on is charged once per matching entry: 2 x backup $2 + ipv4 $3 = 7.00', () => {
      const prices: Price[] = [
        { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '20' },
        { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'backup', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '2' },
        { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ipv4', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '3' },
      ];
      const result = calculatePlanJson(
        request(prices, [{ addons: [{ code: 'backup' }, { code: 'ipv4' }, { code: 'backup' }] }, {}]),
      );
      expect(result.lineItems[0]?.base).toBe('20.00');
      expect(result.lineItems[0]?.addons).toBe('7.00');
      expect(result.lineItems[0]?.subtotal).toBe('27.00');
      expect(result.lineItems[1]?.addons).toBe('0.00');
      expect(result.subtotal).toBe('47.00');
    });

    it('a licensed add-on with a numeric usage charges quantity x usage units: 2 x 3 x $1.50 = 9.00', () => {
      const prices: Price[] = [
        { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ipv4', pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '1.50' },
      ];
      const result = calculatePlanJson(request(prices, [{ quantity: 2, addons: [{ code: 'ipv4', usage: 3 }] }]));
      expect(result.lineItems[0]?.addons).toBe('9.00');
    });

    it('an add-on code that no ADDON price carries is a validation error', () => {
      const violations = violationsOf(
        request([{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' }], [{ addons: [{ code: 'nope' }] }]),
      );
      expect(violations.map((v) => v.field)).toContain('instances[0].addons[0].code');
    });

    it('a formula reads units after free units: min(units, 100) x 0.10 + max(units - 100, 0) x 0.05 at 260 - 10 free -> 17.50', () => {
      const price: Price = {
        pricingModel: 'PRICING_MODEL_FORMULA',
        metricName: 'requests',
        freeUnits: 10,
        pricingFormula: 'min(units, 100) * 0.10 + max(units - 100, 0) * 0.05',
      };
      expect(totalForUsage(price, 260)).toBe('17.50');
    });

    it('a formula with if, quantity and usage.<metric>: if(usage.cpu > 50, 2, 1) x quantity x unitAmount -> 24.00', () => {
      const price: Price = {
        pricingModel: 'PRICING_MODEL_FORMULA',
        unitAmount: '4',
        pricingFormula: 'if(usage.cpu > 50, 2, 1) * quantity * unitAmount',
      };
      const result = calculatePlanJson(request([price], [{ quantity: 3, usage: { cpu: 60 } }, { quantity: 3, usage: { cpu: 10 } }]));
      expect(result.lineItems.map((line) => line.base)).toEqual(['24.00', '12.00']);
    });

    it('a formula dividing by zero is a validation error naming pricingFormula', () => {
      const violations = violationsOf(
        request([{ pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: 'units / (quantity - 1)' }], [{}]),
      );
      expect(violations.map((v) => v.field)).toContain('planConfig.prices[0].pricingFormula');
    });

    describe('minimum and maximum charges', () => {
      const metered: Price = {
        pricingModel: 'PRICING_MODEL_PER_UNIT',
        metricName: 'requests',
        unitAmount: '0.10',
        minimumCharge: '5.00',
        maximumCharge: '20.00',
      };
      it.each([
        [1, '5.00'],
        [0, '5.00'],
        [100, '10.00'],
        [1000, '20.00'],
      ])('usage %i at $0.10 clamped to [5, 20] -> %s', (usage, total) => {
        expect(totalForUsage(metered, usage)).toBe(total);
      });

      it('the clamp comes after time scaling and is not prorated: YEARLY $120 min $15 -> 15.00', () => {
        const price: Price = {
          pricingModel: 'PRICING_MODEL_FLAT',
          unitAmount: '120',
          billingPeriod: 'BILLING_PERIOD_YEARLY',
          prorate: true,
          minimumCharge: '15',
        };
        expect(calculatePlanJson(request([price], [{ hoursUsed: 365 }])).total).toBe('15.00');
      });

      it('maximumCharge "0" means no maximum', () => {
        expect(totalForUsage({ ...metered, maximumCharge: '0' }, 1000)).toBe('100.00');
      });

      it('a pooled USAGE price is clamped once, even with no instances: min 3.00 -> overageCost 3.00', () => {
        const price: Price = {
          productType: 'PRODUCT_TYPE_USAGE',
          pricingModel: 'PRICING_MODEL_PER_UNIT',
          metricName: 'transfer',
          unitAmount: '0.01',
          minimumCharge: '3.00',
        };
        const result = calculatePlanJson(request([price], []));
        expect(result.lineItems).toEqual([]);
        expect(result.pooledAllowances).toEqual({ transfer: 0 });
        expect(result.pooledUsage).toEqual({ transfer: 0 });
        expect(result.overageCost).toBe('3.00');
        expect(result.total).toBe('3.00');
      });

      it('a pooled USAGE price over its maximum: 5000 GB x $0.01 capped at 20.00', () => {
        const price: Price = {
          productType: 'PRODUCT_TYPE_USAGE',
          pricingModel: 'PRICING_MODEL_PER_UNIT',
          metricName: 'transfer',
          unitAmount: '0.01',
          maximumCharge: '20',
        };
        const result = calculatePlanJson(request([price], [{ usage: { transfer: 3000 } }, { usage: { transfer: 2000 } }]));
        expect(result.overageCost).toBe('20.00');
      });

      it('max < min is a validation error', () => {
        const violations = violationsOf(request([{ ...metered, minimumCharge: '30', maximumCharge: '20' }], [{}]));
        expect(violations.length).toBeGreaterThan(0);
        expect(violations.some((v) => v.field.startsWith('planConfig.prices[0].'))).toBe(true);
      });
    });

    it('overageRates override the USAGE price rate, "0" included', () => {
      const price: Price = {
        productType: 'PRODUCT_TYPE_USAGE',
        pricingModel: 'PRICING_MODEL_PER_UNIT',
        metricName: 'transfer',
        unitAmount: '0.05',
        overagePrice: '0.02',
        freeUnits: 100,
      };
      const at = (calcConfig?: CalcConfig) =>
        calculatePlanJson(request([price], [{ usage: { transfer: 600 } }], calcConfig)).overageCost;
      expect(at()).toBe('10.00');
      expect(at({ overageRates: { transfer: '0.01' } })).toBe('5.00');
      expect(at({ overageRates: { transfer: '0' } })).toBe('0.00');
    });

    it('usage arrays aggregate by metricAggregation: [3, 9, 3, 6] -> SUM 21, MAX 9, COUNT 4, LATEST 6, AVERAGE 5.25, UNIQUE_COUNT 3', () => {
      const totals = (
        [
          ['METRIC_AGGREGATION_SUM', '21.00'],
          ['METRIC_AGGREGATION_MAX', '9.00'],
          ['METRIC_AGGREGATION_COUNT', '4.00'],
          ['METRIC_AGGREGATION_LATEST', '6.00'],
          ['METRIC_AGGREGATION_AVERAGE', '5.25'],
          ['METRIC_AGGREGATION_UNIQUE_COUNT', '3.00'],
        ] as const
      ).map(([metricAggregation]) =>
        calculatePlanJson(
          request(
            [{ pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', metricAggregation, unitAmount: '1' }],
            [{ usage: { cpu: [3, 9, 3, 6] } }],
          ),
        ).total,
      );
      expect(totals).toEqual(['21.00', '9.00', '4.00', '6.00', '5.25', '3.00']);
    });

    it('DAILY $1 over a 730-hour cycle is 730/24 = 30.416... -> 30.42; WEEKLY $7 every 2 weeks -> 15.21', () => {
      const daily: Price = { pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1', billingPeriod: 'BILLING_PERIOD_DAILY' };
      const weekly: Price = {
        pricingModel: 'PRICING_MODEL_FLAT',
        unitAmount: '7',
        billingPeriod: 'BILLING_PERIOD_WEEKLY',
        billingInterval: 2,
      };
      expect(calculatePlanJson(request([daily], [{}])).total).toBe('30.42');
      expect(calculatePlanJson(request([weekly], [{}])).total).toBe('15.21');
    });

    it('a metric named __proto__ is priced like any other (or rejected), never silently dropped', () => {
      const body = JSON.parse(
        '{"planConfig":{"prices":[{"productType":"PRODUCT_TYPE_USAGE","pricingModel":"PRICING_MODEL_PER_UNIT",' +
          '"metricName":"__proto__","unitAmount":"1"}]},"instances":[{"usage":{"__proto__":5}}]}',
      ) as unknown;
      let result: ReturnType<typeof calculatePlan>;
      try {
        result = calculatePlanJson(body);
      } catch (error) {
        expect(error).toBeInstanceOf(PricingValidationError);
        return;
      }
      expect(Object.keys(result.pooledUsage)).toEqual(['__proto__']);
      expect(result.overageCost).toBe('5.00');
    });

    it('an overageRates key that no USAGE price meters is a validation error, __proto__ included', () => {
      for (const key of ['cpu', 'constructor', '__proto__']) {
        const violations = violationsOf(JSON.parse(`{"calcConfig":{"overageRates":{"${key}":"1"}}}`));
        expect(violations.map((v) => v.field)).toContain(`calcConfig.overageRates.${key}`);
      }
    });

    it('a taxRate given as a percentage (20) is a validation error on calcConfig.taxRate', () => {
      const violations = violationsOf({ calcConfig: { taxRate: 20 } });
      expect(violations.map((v) => v.field)).toContain('calcConfig.taxRate');
    });

    const usage = (metricName: string): Price => ({
      productType: 'PRODUCT_TYPE_USAGE',
      pricingModel: 'PRICING_MODEL_FLAT',
      metricName,
    });
    const tiered = (tiers: Tier[]): PlanRequest => ({
      planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_TIERED', tiers }] },
    });
    it.each<[string, unknown, string]>([
      ['a coupon with more decimals than USD', { calcConfig: { couponValue: '10.001' } }, 'calcConfig.couponValue'],
      ['a coupon with decimals in JPY', { planConfig: { currency: 'JPY' }, calcConfig: { couponValue: '5.5' } }, 'calcConfig.couponValue'],
      ['a unit amount with 13 decimals', request([{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '0.1234567890123' }], []), 'planConfig.prices[0].unitAmount'],
      ['a second USAGE price on one metric', request([usage('m'), usage('m')], []), 'planConfig.prices[1].metricName'],
      ['a tier gap', tiered([{ endExclusive: 5, unitAmount: '1' }, { startInclusive: 6, unitAmount: '1' }]), 'planConfig.prices[0].tiers[1].startInclusive'],
      ['a closed last tier', tiered([{ endExclusive: 5, unitAmount: '1' }]), 'planConfig.prices[0].tiers[0].endExclusive'],
      ['a TIERED price with no tiers', tiered([]), 'planConfig.prices[0].tiers'],
      ['a flat fee amount with flatFee false', tiered([{ unitAmount: '1', flatFee: false, flatFeeAmount: '2' }]), 'planConfig.prices[0].tiers[0].flatFeeAmount'],
      ['a negative usage in an array', request([{ pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'm', unitAmount: '1' }], [{ usage: { m: [1, -1] } }]), 'instances[0].usage.m[1]'],
      ['a formula with a negative result', request([{ pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: '1 - 2' }], [{}]), 'planConfig.prices[0].pricingFormula'],
      ['a formula with an unknown name', request([{ pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: 'foo + 1' }], [{}]), 'planConfig.prices[0].pricingFormula'],
    ])('%s is a validation error on its field', (_name, body, field) => {
      expect(violationsOf(body).map((v) => v.field)).toContain(field);
    });

    it('if evaluates only the branch taken: if(quantity > 0, 2, 1 / 0) -> 2.00', () => {
      const price: Price = { pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: 'if(quantity > 0, 2, 1 / 0)' };
      expect(calculatePlanJson(request([price], [{}])).total).toBe('2.00');
    });

    it('a pooled FLAT price is charged once, whatever the instances: $7 -> overageCost 7.00', () => {
      const price: Price = { ...usage('m'), unitAmount: '7' };
      expect(calculatePlanJson(request([price], [{ quantity: 3 }, {}])).overageCost).toBe('7.00');
    });

    it('every violation is reported at once', () => {
      const violations = violationsOf({
        planConfig: { currency: 'XXXX', prices: [{ pricingModel: 'PRICING_MODEL_PACKAGE', packagePrice: '1' }] },
        calcConfig: { discountPercent: 101 },
      });
      const fields = violations.map((v) => v.field);
      expect(fields).toContain('planConfig.currency');
      expect(fields).toContain('planConfig.prices[0].packageSize');
      expect(fields).toContain('calcConfig.discountPercent');
    });
  });
});
