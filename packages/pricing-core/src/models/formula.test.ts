import { describe, expect, it } from 'vitest';
import { decOf } from '../money/decimal.js';
import { FormulaError } from '../formula/ast.js';
import { parseFormula } from '../formula/parser.js';
import { R0, rat, toText } from '../money/rational.js';
import { formulaModel } from './formula.js';
import { EXACT } from '../money/calculator.js';
import { input } from './test-helpers.js';

const spec = (source: string) => ({ formula: parseFormula(source), unitAmount: rat(decOf('0.5')), freeUnits: R0 });

describe('formula model', () => {
  it('prices with the expression over the model input', () => {
    expect(toText(formulaModel(EXACT, spec('units * unitAmount + quantity'), input(10)).amount)).toBe('6');
  });
  it('rejects a negative result', () => {
    expect(() => formulaModel(EXACT, spec('units - 20'), input(10))).toThrow(FormulaError);
  });
  it('accepts a zero result', () => {
    expect(toText(formulaModel(EXACT, spec('units - 10'), input(10)).amount)).toBe('0');
  });
});
