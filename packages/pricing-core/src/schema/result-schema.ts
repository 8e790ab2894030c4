import { z } from 'zod';
import { RESULT_TOTALS } from './result-types.js';

const moneyText = z.string().meta({ description: 'Plain decimal with exactly the currency minor digits.', example: '12.30' });

const priceDebugSchema = z.looseObject({
  priceIndex: z.number(),
  productType: z.string(),
  pricingModel: z.string(),
  addon: z.object({ code: z.string(), entryIndex: z.number() }).optional(),
  metricName: z.string().optional(),
  chargeTiming: z.string(),
  units: z.string(),
  freeUnits: z.string(),
  billedUnits: z.string(),
  modelAmount: z.string(),
  breakdown: z.record(z.string(), z.unknown()),
  timeFactor: z.string(),
  clamp: z.enum(['minimum', 'maximum']).nullable(),
  amount: z.string(),
});

/** Schema of one line item of the result. */
export const lineItemSchema = z.object({
  instanceLabel: z.string(),
  quantity: z.number(),
  base: moneyText,
  addons: moneyText,
  subtotal: moneyText,
  currency: z.string(),
});

const totalsShape = Object.fromEntries(
  Object.entries(RESULT_TOTALS).map(([name, sentence]) => [name, z.string().meta({ description: `${sentence} Plain decimal with exactly the currency minor digits.`, example: '12.30' })]),
) as { [K in keyof typeof RESULT_TOTALS]: typeof moneyText };

/** Schema of `PlanResult`, for the OpenAPI document. `debug` may grow, so it is loose; its FULL-view parts are optional. */
export const planResultSchema = z.object({
  lineItems: z.array(lineItemSchema),
  pooledAllowances: z.record(z.string(), z.number()),
  pooledUsage: z.record(z.string(), z.number()),
  ...totalsShape,
  currency: z.string(),
  discountPercent: z.number(),
  couponValue: moneyText,
  debug: z.looseObject({
    engineVersion: z.string(),
    rounding: z.string(),
    cycleHours: z.string().optional(),
    capHours: z.string().nullable().optional(),
    instances: z.array(
      z.looseObject({
        instanceLabel: z.string(),
        quantity: z.string(),
        hours: z.string(),
        billableHours: z.string(),
        prorationFactor: z.string(),
        prices: z.array(priceDebugSchema),
      }),
    ).optional(),
    pooled: z.array(priceDebugSchema).optional(),
    totals: z.looseObject({
      pre: z.string(),
      percentOff: z.string(),
      couponOff: z.string(),
      discounted: z.string(),
      taxRate: z.string(),
    }),
  }),
});
