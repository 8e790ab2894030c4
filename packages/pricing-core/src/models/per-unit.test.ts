import { EXACT } from '../money/calculator.js';
import { describe, expect, it } from 'vitest';
import { decOf } from '../money/decimal.js';
import { toText } from '../money/rational.js';
import { cents, input } from './test-helpers.js';
import { perUnitModel } from './per-unit.js';

describe('per-unit model', () => {
  it('is linear in unitQuantity: $0.40 per 1,000, 12,345 units -> 4.938 exactly (4.94)', () => {
    const result = perUnitModel(EXACT, { rate: decOf('0.40'), unitQuantity: decOf(1000) }, input(12345));
    expect(toText(result.amount)).toBe('4.938');
    expect(cents(result.amount)).toBe('4.94');
  });
  it('charges q x rate with unitQuantity 1', () => {
    expect(toText(perUnitModel(EXACT, { rate: decOf('0.25'), unitQuantity: decOf(1) }, input(7)).amount)).toBe('1.75');
  });
  it('keeps a third of a unit quantity exact', () => {
    expect(toText(perUnitModel(EXACT, { rate: decOf(1), unitQuantity: decOf(3) }, input(1)).amount)).toBe('1/3');
  });
});
