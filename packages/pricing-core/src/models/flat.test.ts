import { EXACT } from '../money/calculator.js';
import { describe, expect, it } from 'vitest';
import { decOf } from '../money/decimal.js';
import { rat } from '../money/rational.js';
import { flatModel } from './flat.js';
import { cents, input } from './test-helpers.js';

describe('flat model', () => {
  it('charges unitAmount x quantity and ignores units', () => {
    const spec = { unitAmount: decOf('10.50') };
    expect(cents(flatModel(EXACT, spec, input(999, { quantity: rat(decOf(3)) })).amount)).toBe('31.50');
    expect(cents(flatModel(EXACT, spec, input(0)).amount)).toBe('10.50');
  });
});
