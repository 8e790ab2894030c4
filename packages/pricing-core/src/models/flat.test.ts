import { describe, expect, it } from 'vitest';
import { Dec } from '../money/big.js';
import { rat } from '../money/rational.js';
import { flatModel } from './flat.js';
import { cents, input } from './test-helpers.js';

describe('flat model', () => {
  it('charges unitAmount x quantity and ignores units', () => {
    const spec = { unitAmount: new Dec('10.50') };
    expect(cents(flatModel(spec, input(999, { quantity: rat(new Dec(3)) })).amount)).toBe('31.50');
    expect(cents(flatModel(spec, input(0)).amount)).toBe('10.50');
  });
});
