import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { FormulaNode } from '../formula/ast.js';
import { FormulaError } from '../formula/ast.js';
import type { FormulaScope } from '../formula/evaluator.js';
import { evaluateFormula } from '../formula/evaluator.js';
import type { Rational } from '../money/rational.js';
import { isNegative, toText } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/** What a formula reads on one model input (one object: it is its own table of variables). */
class InputScope implements FormulaScope {
  readonly variables: FormulaScope['variables'] = this;
  readonly units: Rational;
  readonly quantity: Rational;
  readonly hours: Rational;
  readonly cycleHours: Rational;
  readonly unitAmount: Rational;
  readonly freeUnits: Rational;

  constructor(
    spec: { readonly unitAmount: Rational; readonly freeUnits: Rational },
    private readonly input: ModelInput,
  ) {
    this.units = input.units;
    this.quantity = input.quantity;
    this.hours = input.hours;
    this.cycleHours = input.cycleHours;
    this.unitAmount = spec.unitAmount;
    this.freeUnits = spec.freeUnits;
  }

  usage(metric: string): Rational {
    return this.input.usage.read(metric);
  }
}

/**
 * FORMULA: evaluates the price's expression exactly; a negative result is an error.
 * @example formulaModel({ formula: parseFormula('units * 2'), unitAmount, freeUnits }, input) // 2q
 */
export function formulaModel(
  spec: { readonly formula: FormulaNode; readonly unitAmount: Rational; readonly freeUnits: Rational },
  input: ModelInput,
  explained = true,
): ModelResult {
  const amount = evaluateFormula(spec.formula, new InputScope(spec, input));
  // NOTE: a charge is never negative; credits are not a pricing-model concern.
  if (isNegative(amount)) throw new FormulaError(FORMULA_MESSAGES.negativeResult(toText(amount)));
  return { amount, breakdown: explained ? { units: input.units, quantity: input.quantity, hours: input.hours } : NO_BREAKDOWN };
}
