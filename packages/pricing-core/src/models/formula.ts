import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { FormulaNode } from '../formula/ast.js';
import { FormulaError } from '../formula/ast.js';
import { evaluateFormula } from '../formula/evaluator.js';
import type { Rational } from '../money/rational.js';
import { isNegative, toText } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';

/**
 * FORMULA: evaluates the price's expression exactly; a negative result is an error.
 * @example formulaModel({ formula: parseFormula('units * 2'), unitAmount, freeUnits }, input) // 2q
 */
export function formulaModel(
  spec: { readonly formula: FormulaNode; readonly unitAmount: Rational; readonly freeUnits: Rational },
  input: ModelInput,
): ModelResult {
  const amount = evaluateFormula(spec.formula, {
    variables: {
      units: input.units,
      quantity: input.quantity,
      hours: input.hours,
      cycleHours: input.cycleHours,
      unitAmount: spec.unitAmount,
      freeUnits: spec.freeUnits,
    },
    usage: (metric) => input.usage.read(metric),
  });
  // NOTE: a charge is never negative; credits are not a pricing-model concern.
  if (isNegative(amount)) throw new FormulaError(FORMULA_MESSAGES.negativeResult(toText(amount)));
  return { amount, breakdown: { units: input.units, quantity: input.quantity, hours: input.hours } };
}
