import { EXACT } from '../money/calculator.js';
import { describe, expect, it } from 'vitest';
import { cents, input, tiers } from './test-helpers.js';
import { volumeModel } from './tiered-volume.js';

const stripe = { tiers: tiers([[0, 5, '7'], [5, 10, '6.50'], [10, null, '6']]) };

describe('volume tiers', () => {
  it('prices all units at the tier of the last unit', () => {
    expect(['6', '20', '25'].map((q) => cents(volumeModel(EXACT, stripe, input(q)).amount))).toEqual(['39.00', '120.00', '150.00']);
  });
  it('uses s < q <= e: q = 5 is in [0,5), q = 10 in [5,10), q = 10.5 in [10,inf)', () => {
    expect(cents(volumeModel(EXACT, stripe, input(5)).amount)).toBe('35.00');
    expect(cents(volumeModel(EXACT, stripe, input(10)).amount)).toBe('65.00');
    expect(cents(volumeModel(EXACT, stripe, input('10.5')).amount)).toBe('63.00');
  });
  it('picks the first tier at q = 0, flat fee included', () => {
    const withFee = { tiers: tiers([[0, 5, '5', '10'], [5, null, '4', '20']]) };
    expect(cents(volumeModel(EXACT, withFee, input(0)).amount)).toBe('10.00');
    expect(volumeModel(EXACT, withFee, input(0)).breakdown.tier).toBe(0);
  });
});
