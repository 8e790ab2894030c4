import { EXACT } from '../money/calculator.js';
import { describe, expect, it } from 'vitest';
import { decOf } from '../money/decimal.js';
import { cents, input } from './test-helpers.js';
import { packageModel } from './package.js';

const spec = { packageSize: decOf(100), packagePrice: decOf(5) };

describe('package model', () => {
  it('charges every started package in full', () => {
    expect(cents(packageModel(EXACT, spec, input(101)).amount)).toBe('10.00');
    expect(cents(packageModel(EXACT, spec, input(201)).amount)).toBe('15.00');
  });
  it('charges exactly full packages at their boundary', () => {
    expect(cents(packageModel(EXACT, spec, input(100)).amount)).toBe('5.00');
    expect(cents(packageModel(EXACT, spec, input(200)).amount)).toBe('10.00');
  });
  it('charges nothing for zero units, and a package for a fraction of a unit', () => {
    expect(cents(packageModel(EXACT, spec, input(0)).amount)).toBe('0.00');
    expect(cents(packageModel(EXACT, spec, input('0.5')).amount)).toBe('5.00');
  });
});
