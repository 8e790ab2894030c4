import { closestName } from '../errors/did-you-mean.js';
import { FORMULA_MESSAGES } from '../errors/messages.js';
import { decOf } from '../money/decimal.js';
import { EXACT } from '../money/calculator.js';
import { rat } from '../money/rational.js';
import type { FormulaFunction, FormulaNode, FormulaVariable } from './ast.js';
import { FORMULA_VARIABLES, FormulaError } from './ast.js';
import { bounded } from './bounds.js';
import type { Token } from './tokenizer.js';
import { tokenize } from './tokenizer.js';

/** Longest formula accepted, in characters. */
export const MAX_FORMULA_LENGTH = 1000;
/** Deepest nesting accepted (parentheses, calls and unary signs). */
export const MAX_FORMULA_DEPTH = 32;

const ARITY: Record<FormulaFunction, { min: number; max: number; text: string }> = {
  min: { min: 1, max: Infinity, text: 'one or more arguments' },
  max: { min: 1, max: Infinity, text: 'one or more arguments' },
  ceil: { min: 1, max: 1, text: 'one argument' },
  floor: { min: 1, max: 1, text: 'one argument' },
  round: { min: 1, max: 2, text: 'one or two arguments (x, dp)' },
  if: { min: 3, max: 3, text: 'three arguments (cond, a, b)' },
};
const COMPARISONS = new Set(['<', '<=', '>', '>=', '==', '!=']);

/**
 * Parses a formula into a tree, checking length, nesting, names and function arity.
 * @example parseFormula('max(units - 10, 0) * 0.5').kind // 'arithmetic'
 */
export function parseFormula(source: string): FormulaNode {
  if (source.length > MAX_FORMULA_LENGTH) throw new FormulaError(FORMULA_MESSAGES.tooLong(MAX_FORMULA_LENGTH));
  const tokens = tokenize(source);
  let pos = 0;
  let depth = 0;

  const peek = (): Token | undefined => tokens[pos];
  const fail = (token: Token | undefined): never => {
    throw new FormulaError(token ? FORMULA_MESSAGES.unexpectedToken(token.text, token.at) : FORMULA_MESSAGES.unexpectedEnd);
  };
  const expect = (text: string): void => {
    const token = tokens[pos];
    if (token?.type !== 'op' || token.text !== text) fail(token);
    pos += 1;
  };
  const enter = (): void => {
    depth += 1;
    if (depth > MAX_FORMULA_DEPTH) throw new FormulaError(FORMULA_MESSAGES.tooDeep(MAX_FORMULA_DEPTH));
  };

  function expression(): FormulaNode {
    const left = additive();
    const token = peek();
    if (token?.type === 'op' && COMPARISONS.has(token.text)) {
      pos += 1;
      const op = token.text as '<' | '<=' | '>' | '>=' | '==' | '!=';
      return { kind: 'compare', op, left, right: additive() };
    }
    return left;
  }

  function additive(): FormulaNode {
    let node = multiplicative();
    for (let t = peek(); t?.type === 'op' && (t.text === '+' || t.text === '-'); t = peek()) {
      pos += 1;
      node = { kind: 'arithmetic', op: t.text, left: node, right: multiplicative() };
    }
    return node;
  }

  function multiplicative(): FormulaNode {
    let node = unary();
    for (let t = peek(); t?.type === 'op' && (t.text === '*' || t.text === '/'); t = peek()) {
      pos += 1;
      node = { kind: 'arithmetic', op: t.text, left: node, right: unary() };
    }
    return node;
  }

  function unary(): FormulaNode {
    const token = peek();
    if (token?.type === 'op' && (token.text === '-' || token.text === '+')) {
      pos += 1;
      enter();
      const operand = unary();
      depth -= 1;
      return token.text === '-' ? { kind: 'negate', operand } : operand;
    }
    return primary();
  }

  function primary(): FormulaNode {
    const token = peek();
    if (token === undefined) return fail(token);
    pos += 1;
    if (token.type === 'number') return { kind: 'number', value: bounded(EXACT, rat(decOf(token.text))) };
    if (token.type === 'name') return named(token);
    if (token.text !== '(') return fail(token);
    enter();
    const inner = expression();
    expect(')');
    depth -= 1;
    return inner;
  }

  function named(token: Token): FormulaNode {
    const next = peek();
    if (next?.type === 'op' && next.text === '(') {
      if (!Object.hasOwn(ARITY, token.text)) throw new FormulaError(FORMULA_MESSAGES.unknownFunction(token.text, closestName(token.text, Object.keys(ARITY))));
      const fn = token.text as FormulaFunction;
      pos += 1;
      enter();
      const args: FormulaNode[] = [];
      if (!(peek()?.type === 'op' && peek()?.text === ')')) {
        args.push(expression());
        while (peek()?.type === 'op' && peek()?.text === ',') {
          pos += 1;
          args.push(expression());
        }
      }
      expect(')');
      depth -= 1;
      const arity = ARITY[fn];
      if (args.length < arity.min || args.length > arity.max) throw new FormulaError(FORMULA_MESSAGES.arity(fn, arity.text));
      return { kind: 'call', fn, args };
    }
    if ((FORMULA_VARIABLES as readonly string[]).includes(token.text)) {
      return { kind: 'variable', name: token.text as FormulaVariable };
    }
    if (token.text.startsWith('usage.')) return { kind: 'usage', metric: token.text.slice('usage.'.length) };
    throw new FormulaError(FORMULA_MESSAGES.unknownName(token.text, nameLike(token.text)));
  }

  const tree = expression();
  if (pos < tokens.length) fail(tokens[pos]);
  return tree;
}

/**
 * The variable closest to an unknown name within two edits, or `usage.<metric>` for a misspelt
 * `usage.` prefix (`usages.cpu`, `Usage.cpu`).
 * @example nameLike('unit') // 'units'
 */
function nameLike(name: string): string | undefined {
  const dot = name.indexOf('.');
  if (dot === -1) return closestName(name, FORMULA_VARIABLES);
  return closestName(name.slice(0, dot).toLowerCase(), ['usage']) && `usage${name.slice(dot)}`;
}
