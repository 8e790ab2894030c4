import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError } from '../index.js';
import type { FieldViolation } from '../index.js';

/** One FORMULA price over `instances` instances, with capHours set. */
function formulaPlan(formula: string, capHours: string, instances: number) {
  return {
    planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FORMULA', pricingFormula: formula }] },
    instances: new Array(instances).fill({}),
    calcConfig: { capHours },
  };
}

function violationsOf(request: unknown): FieldViolation[] {
  try {
    calculatePlanJson(request);
    return [];
  } catch (error) {
    if (error instanceof PricingValidationError) return error.violations;
    throw error;
  }
}

const LARGEST = '999999999999999.999999999999';

describe('formula bounds', () => {
  it('90 chained cycleHours* over the largest capHours and 1,000 instances end in one violation on pricingFormula', () => {
    const formula = `${'cycleHours*'.repeat(90)}1`;
    expect(formula.length).toBeLessThanOrEqual(1000);
    expect(violationsOf(formulaPlan(formula, LARGEST, 1_000))).toEqual([
      { field: 'planConfig.prices[0].pricingFormula', description: 'Invalid formula: a value exceeds 10^36 in magnitude.' },
    ]);
  });

  it('a value within the bounds is computed exactly: (10^15 - 10^-12)^2', () => {
    const result = calculatePlanJson(formulaPlan('cycleHours*cycleHours', LARGEST, 1));
    expect(result.total).toBe('999999999999999999999999998000.00');
  });

  it('more than 60 digits in a denominator is a violation: 1/3/3/.../3', () => {
    expect(violationsOf(formulaPlan(`1${'/3'.repeat(200)}`, '730', 1))).toEqual([
      {
        field: 'planConfig.prices[0].pricingFormula',
        description: 'Invalid formula: a value needs more than 60 digits in its numerator or denominator.',
      },
    ]);
    expect(violationsOf(formulaPlan(`1000000${'/3'.repeat(30)}`, '730', 1))).toEqual([]);
  });

  it('tiny values grow digits too: capHours 0.000000000001 to the fifth power', () => {
    expect(violationsOf(formulaPlan('cycleHours*cycleHours*cycleHours*cycleHours', '0.000000000001', 1))).toEqual([]);
    expect(violationsOf(formulaPlan('cycleHours*cycleHours*cycleHours*cycleHours*cycleHours', '0.000000000001', 1))).toEqual([
      expect.objectContaining({ description: expect.stringMatching(/more than 60 digits/) }),
    ]);
  });

  it('bounds literals: a number beyond 10^36 or of more than 60 digits is refused when parsed', () => {
    expect(violationsOf(formulaPlan(`1${'0'.repeat(37)}`, '730', 0))).toEqual([
      expect.objectContaining({ field: 'planConfig.prices[0].pricingFormula', description: expect.stringMatching(/10\^36/) }),
    ]);
    expect(violationsOf(formulaPlan(`0.${'0'.repeat(70)}1 * 0`, '730', 0))).toEqual([
      expect.objectContaining({ field: 'planConfig.prices[0].pricingFormula', description: expect.stringMatching(/60 digits/) }),
    ]);
  });
});
