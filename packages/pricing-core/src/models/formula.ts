import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { FormulaNode } from '../formula/ast.js';
import { FormulaError } from '../formula/ast.js';
import type { FormulaScope } from '../formula/evaluator.js';
import { evaluateFormula } from '../formula/evaluator.js';
import type { Calculator } from '../money/calculator.js';
import type { Rational } from '../money/rational.js';
import { toText } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/** What a formula reads on one model input (one object: it is its own table of variables). */
class InputScope<V> implements FormulaScope<V> {
  readonly variables: FormulaScope<V>['variables'] = this;
  readonly units: V;
  readonly quantity: V;
  readonly hours: V;
  readonly cycleHours: V;
  readonly unitAmount: V;
  readonly freeUnits: V;

  constructor(
    spec: { readonly unitAmount: Rational; readonly freeUnits: Rational },
    c: Calculator<V>,
    private readonly input: ModelInput<V>,
  ) {
    this.units = input.units;
    this.quantity = input.quantity;
    this.hours = input.hours;
    this.cycleHours = input.cycleHours;
    this.unitAmount = c.rat(spec.unitAmount);
    this.freeUnits = c.rat(spec.freeUnits);
  }

  usage(metric: string): V {
    return this.input.usage.read(metric);
  }
}

/**
 * FORMULA: evaluates the price's expression exactly on the instance's calculator; a negative result is an error.
 * @example formulaModel(EXACT, { formula: parseFormula('units * 2'), unitAmount, freeUnits }, input) // 2q
 */
export function formulaModel<V>(
  c: Calculator<V>,
  spec: { readonly formula: FormulaNode; readonly unitAmount: Rational; readonly freeUnits: Rational },
  input: ModelInput<V>,
  explained = true,
): ModelResult<V> {
  const amount = evaluateFormula(c, spec.formula, new InputScope(spec, c, input));
  // NOTE: a charge is never negative; credits are not a pricing-model concern.
  if (c.compare(amount, c.zero) < 0) throw new FormulaError(FORMULA_MESSAGES.negativeResult(toText(c.rational(amount))));
  return { amount, breakdown: explained ? { units: input.units, quantity: input.quantity, hours: input.hours } : NO_BREAKDOWN };
}
