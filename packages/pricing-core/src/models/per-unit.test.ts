import { describe, expect, it } from 'vitest';
import { Dec } from '../money/big.js';
import { toText } from '../money/rational.js';
import { cents, input } from './test-helpers.js';
import { perUnitModel } from './per-unit.js';

describe('per-unit model', () => {
  it('is linear in unitQuantity: $0.40 per 1,000, 12,345 units -> 4.938 exactly (4.94)', () => {
    const result = perUnitModel({ rate: new Dec('0.40'), unitQuantity: new Dec(1000) }, input(12345));
    expect(toText(result.amount)).toBe('4.938');
    expect(cents(result.amount)).toBe('4.94');
  });
  it('charges q x rate with unitQuantity 1', () => {
    expect(toText(perUnitModel({ rate: new Dec('0.25'), unitQuantity: new Dec(1) }, input(7)).amount)).toBe('1.75');
  });
  it('keeps a third of a unit quantity exact', () => {
    expect(toText(perUnitModel({ rate: new Dec(1), unitQuantity: new Dec(3) }, input(1)).amount)).toBe('1/3');
  });
});
