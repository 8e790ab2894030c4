import { EXACT } from '../money/calculator.js';
import { describe, expect, it } from 'vitest';
import { cents, graduated, input, tiers } from './test-helpers.js';
import { graduatedModel } from './tiered-graduated.js';

const stripe = graduated(tiers([[0, 5, '7'], [5, 10, '6.50'], [10, null, '6']]));
const withFees = graduated(tiers([[0, 5, '5', '10'], [5, 10, '4', '20'], [10, null, '3', '30']]));

describe('graduated tiers', () => {
  it('prices each tier its own units', () => {
    expect(['1', '5', '6', '20', '25'].map((q) => cents(graduatedModel(EXACT, stripe, input(q)).amount))).toEqual([
      '7.00', '35.00', '41.50', '127.50', '157.50',
    ]);
  });
  it('puts the boundary unit in the upper tier: [0,5) holds 5 units, the 6th is in [5,10)', () => {
    expect(cents(graduatedModel(EXACT, stripe, input(5)).amount)).toBe('35.00');
    expect(cents(graduatedModel(EXACT, stripe, input('5.5')).amount)).toBe('38.25');
    expect(cents(graduatedModel(EXACT, stripe, input(10)).amount)).toBe('67.50');
  });
  it('charges the first tier flat fee at q = 0', () => {
    expect(cents(graduatedModel(EXACT, withFees, input(0)).amount)).toBe('10.00');
  });
  it('charges a tier flat fee only when the tier holds units', () => {
    expect(cents(graduatedModel(EXACT, withFees, input(5)).amount)).toBe('35.00');
    expect(cents(graduatedModel(EXACT, withFees, input(6)).amount)).toBe('59.00');
  });
  it('reports the tiers used in the breakdown', () => {
    const { breakdown } = graduatedModel(EXACT, stripe, input(6));
    expect((breakdown.tiers as unknown[]).length).toBe(2);
  });
});
