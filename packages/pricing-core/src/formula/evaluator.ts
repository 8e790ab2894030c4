import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { Calculator } from '../money/calculator.js';
import { smallWhole } from '../money/decimal.js';
import type { FormulaNode, FormulaVariable } from './ast.js';
import { bounded } from './bounds.js';
import { FormulaError } from './ast.js';

/** Most decimal places `round(x, dp)` accepts. */
export const MAX_ROUND_DIGITS = 20;

/** What a formula can read, as values of the calculator it is evaluated on. */
export interface FormulaScope<V> {
  /** Values of the named variables. */
  readonly variables: Readonly<Record<FormulaVariable, V>>;
  /** The aggregated usage of a metric (0 when absent). */
  usage(metric: string): V;
}

// NOTE: a formula is evaluated on the calculator that prices its instance, like every other rule:
// SMALL gives up (SMALL_OVERFLOW) when a value leaves the safe integers, and the instance is priced
// again on EXACT. A value beyond the bounds below cannot be held by SMALL, so SMALL gives up at or
// before the step where EXACT refuses it, and both report the same formula error.

/**
 * Evaluates a parsed formula exactly on the calculator `c`; `if` evaluates only the branch taken.
 * Throws `FormulaError` on division by zero, a bad `round` precision, or a value beyond the
 * formula bounds (10^36 in magnitude, 60 digits in numerator or denominator).
 * @example evaluateFormula(EXACT, parseFormula('1/3*3'), scope) // exactly 1
 */
export function evaluateFormula<V>(c: Calculator<V>, node: FormulaNode, scope: FormulaScope<V>): V {
  switch (node.kind) {
    case 'number':
      return c.rat(node.value);
    case 'variable':
      return scope.variables[node.name];
    case 'usage':
      return scope.usage(node.metric);
    case 'negate':
      return c.sub(c.zero, evaluateFormula(c, node.operand, scope));
    case 'arithmetic': {
      const left = evaluateFormula(c, node.left, scope);
      const right = evaluateFormula(c, node.right, scope);
      if (node.op === '+') return bounded(c, c.add(left, right));
      if (node.op === '-') return bounded(c, c.sub(left, right));
      if (node.op === '*') return bounded(c, c.mul(left, right));
      if (c.isZero(right)) throw new FormulaError(FORMULA_MESSAGES.divisionByZero);
      // NOTE: the calculator divides by a positive value; a negative divisor moves its sign up.
      if (c.compare(right, c.zero) > 0) return bounded(c, c.quotient(left, right));
      return bounded(c, c.quotient(c.sub(c.zero, left), c.sub(c.zero, right)));
    }
    case 'compare':
      return compare(node.op, c.compare(evaluateFormula(c, node.left, scope), evaluateFormula(c, node.right, scope))) ? c.one : c.zero;
    case 'call':
      return call(c, node, scope);
  }
}

function compare(op: '<' | '<=' | '>' | '>=' | '==' | '!=', order: number): boolean {
  if (op === '<') return order < 0;
  if (op === '<=') return order <= 0;
  if (op === '>') return order > 0;
  if (op === '>=') return order >= 0;
  return op === '==' ? order === 0 : order !== 0;
}

function call<V>(c: Calculator<V>, node: Extract<FormulaNode, { kind: 'call' }>, scope: FormulaScope<V>): V {
  const [first, second, third] = node.args;
  if (first === undefined) throw new FormulaError(FORMULA_MESSAGES.unexpectedEnd);
  if (node.fn === 'if') {
    if (second === undefined || third === undefined) throw new FormulaError(FORMULA_MESSAGES.unexpectedEnd);
    return evaluateFormula(c, c.isZero(evaluateFormula(c, first, scope)) ? third : second, scope);
  }
  const x = evaluateFormula(c, first, scope);
  if (node.fn === 'ceil') return bounded(c, c.ceil(x));
  if (node.fn === 'floor') return bounded(c, floor(c, x));
  if (node.fn === 'round') return bounded(c, c.dec(c.money(x, second === undefined ? 0 : roundDigits(c, evaluateFormula(c, second, scope)))));
  let best = x;
  for (let i = 1; i < node.args.length; i += 1) {
    const arg = node.args[i];
    if (arg === undefined) continue;
    const next = evaluateFormula(c, arg, scope);
    const order = c.compare(next, best);
    if (node.fn === 'min' ? order < 0 : order > 0) best = next;
  }
  return best;
}

/** Largest integer <= x: the negation of the smallest integer >= -x. */
const floor = <V>(c: Calculator<V>, x: V): V => c.sub(c.zero, c.ceil(c.sub(c.zero, x)));

function roundDigits<V>(c: Calculator<V>, dp: V): number {
  // NOTE: a whole number rounds to itself, so `money(dp, 0)` reads it without a rounding.
  const digits = c.compare(c.ceil(dp), dp) === 0 ? smallWhole(c.money(dp, 0), MAX_ROUND_DIGITS) : undefined;
  if (digits === undefined) throw new FormulaError(FORMULA_MESSAGES.roundDigits(MAX_ROUND_DIGITS));
  return digits;
}
