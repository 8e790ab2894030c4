import { FORMULA_MESSAGES } from '../errors/messages.js';
import { smallWhole } from '../money/decimal.js';
import type { Rational } from '../money/rational.js';
import { add, ceil, cmp, div, floor, isZero, max, min, mul, neg, R0, R1, rat, roundTo, sub } from '../money/rational.js';
import type { FormulaNode, FormulaVariable } from './ast.js';
import { bounded } from './bounds.js';
import { FormulaError } from './ast.js';

/** Most decimal places `round(x, dp)` accepts. */
export const MAX_ROUND_DIGITS = 20;

/** What a formula can read. */
export interface FormulaScope {
  /** Values of the named variables. */
  readonly variables: Readonly<Record<FormulaVariable, Rational>>;
  /** The aggregated usage of a metric (0 when absent). */
  usage(metric: string): Rational;
}

/**
 * Evaluates a parsed formula exactly; `if` evaluates only the branch taken.
 * Throws `FormulaError` on division by zero, a bad `round` precision, or a value beyond the
 * formula bounds (10^36 in magnitude, 60 digits in numerator or denominator).
 * @example evaluateFormula(parseFormula('1/3*3'), scope) // exactly 1
 */
export function evaluateFormula(node: FormulaNode, scope: FormulaScope): Rational {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'variable':
      return scope.variables[node.name];
    case 'usage':
      return scope.usage(node.metric);
    case 'negate':
      return neg(evaluateFormula(node.operand, scope));
    case 'arithmetic': {
      const left = evaluateFormula(node.left, scope);
      const right = evaluateFormula(node.right, scope);
      if (node.op === '+') return bounded(add(left, right));
      if (node.op === '-') return bounded(sub(left, right));
      if (node.op === '*') return bounded(mul(left, right));
      if (isZero(right)) throw new FormulaError(FORMULA_MESSAGES.divisionByZero);
      return bounded(div(left, right));
    }
    case 'compare':
      return compare(node.op, cmp(evaluateFormula(node.left, scope), evaluateFormula(node.right, scope))) ? R1 : R0;
    case 'call':
      return call(node, scope);
  }
}

function compare(op: '<' | '<=' | '>' | '>=' | '==' | '!=', c: number): boolean {
  if (op === '<') return c < 0;
  if (op === '<=') return c <= 0;
  if (op === '>') return c > 0;
  if (op === '>=') return c >= 0;
  return op === '==' ? c === 0 : c !== 0;
}

function call(node: Extract<FormulaNode, { kind: 'call' }>, scope: FormulaScope): Rational {
  const [first, second, third] = node.args;
  if (first === undefined) throw new FormulaError(FORMULA_MESSAGES.unexpectedEnd);
  if (node.fn === 'if') {
    if (second === undefined || third === undefined) throw new FormulaError(FORMULA_MESSAGES.unexpectedEnd);
    return evaluateFormula(isZero(evaluateFormula(first, scope)) ? third : second, scope);
  }
  const x = evaluateFormula(first, scope);
  if (node.fn === 'ceil') return bounded(rat(ceil(x)));
  if (node.fn === 'floor') return bounded(rat(floor(x)));
  if (node.fn === 'round') return bounded(rat(roundTo(x, second === undefined ? 0 : roundDigits(evaluateFormula(second, scope)))));
  let best = x;
  for (let i = 1; i < node.args.length; i += 1) {
    const arg = node.args[i];
    if (arg !== undefined) best = node.fn === 'min' ? min(best, evaluateFormula(arg, scope)) : max(best, evaluateFormula(arg, scope));
  }
  return best;
}

function roundDigits(dp: Rational): number {
  const whole = floor(dp);
  const digits = cmp(rat(whole), dp) === 0 ? smallWhole(whole, MAX_ROUND_DIGITS) : undefined;
  if (digits === undefined) throw new FormulaError(FORMULA_MESSAGES.roundDigits(MAX_ROUND_DIGITS));
  return digits;
}
