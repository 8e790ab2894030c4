import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { FormulaNode } from '../formula/ast.js';
import { FormulaError } from '../formula/ast.js';
import type { FormulaScope } from '../formula/evaluator.js';
import { evaluateFormula } from '../formula/evaluator.js';
import type { Calculator } from '../money/calculator.js';
import type { Rational } from '../money/rational.js';
import { isNegative, toText } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

// NOTE: a formula's values are unbounded in digits (division, long decimals), so it is
// evaluated on the rationals: the calculator hands over its inputs as rationals and takes the
// amount back (SMALL gives up, as for any value it cannot hold, when the amount leaves it).

/** What a formula reads on one model input (one object: it is its own table of variables). */
class InputScope<V> implements FormulaScope {
  readonly variables: FormulaScope['variables'] = this;
  readonly units: Rational;
  readonly quantity: Rational;
  readonly hours: Rational;
  readonly cycleHours: Rational;
  readonly unitAmount: Rational;
  readonly freeUnits: Rational;

  constructor(
    private readonly calc: Calculator<V>,
    spec: { readonly unitAmount: Rational; readonly freeUnits: Rational },
    private readonly input: ModelInput<V>,
  ) {
    this.units = calc.rational(input.units);
    this.quantity = calc.rational(input.quantity);
    this.hours = calc.rational(input.hours);
    this.cycleHours = calc.rational(input.cycleHours);
    this.unitAmount = spec.unitAmount;
    this.freeUnits = spec.freeUnits;
  }

  usage(metric: string): Rational {
    return this.calc.rational(this.input.usage.read(metric));
  }
}

/**
 * FORMULA: evaluates the price's expression exactly; a negative result is an error.
 * @example formulaModel(EXACT, { formula: parseFormula('units * 2'), unitAmount, freeUnits }, input) // 2q
 */
export function formulaModel<V>(
  c: Calculator<V>,
  spec: { readonly formula: FormulaNode; readonly unitAmount: Rational; readonly freeUnits: Rational },
  input: ModelInput<V>,
  explained = true,
): ModelResult<V> {
  const amount = evaluateFormula(spec.formula, new InputScope(c, spec, input));
  // NOTE: a charge is never negative; credits are not a pricing-model concern.
  if (isNegative(amount)) throw new FormulaError(FORMULA_MESSAGES.negativeResult(toText(amount)));
  return { amount: c.rat(amount), breakdown: explained ? { units: input.units, quantity: input.quantity, hours: input.hours } : NO_BREAKDOWN };
}
