import { FORMULA_MESSAGES } from '../errors/messages.js';
import { FormulaError } from './ast.js';

/** One token of a formula, with its position for messages. */
export type Token =
  | { type: 'number'; text: string; at: number }
  | { type: 'name'; text: string; at: number }
  | { type: 'op'; text: string; at: number };

const NUMBER = /\d+(\.\d*)?|\.\d+/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*/y;
const OPERATOR = /<=|>=|==|!=|[-+*/(),<>]/y;
const SPACE = /\s+/y;

function match(re: RegExp, source: string, at: number): string | undefined {
  re.lastIndex = at;
  return re.exec(source)?.[0];
}

/**
 * Splits a formula into numbers, names (`usage.cpu` is one name) and operators.
 * @example tokenize('2 * units').map((t) => t.text) // ['2', '*', 'units']
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const space = match(SPACE, source, at);
    if (space) {
      at += space.length;
      continue;
    }
    const number = match(NUMBER, source, at);
    if (number) {
      tokens.push({ type: 'number', text: number, at });
      at += number.length;
      continue;
    }
    const name = match(NAME, source, at);
    if (name) {
      tokens.push({ type: 'name', text: name, at });
      at += name.length;
      continue;
    }
    const op = match(OPERATOR, source, at);
    if (op) {
      tokens.push({ type: 'op', text: op, at });
      at += op.length;
      continue;
    }
    throw new FormulaError(FORMULA_MESSAGES.unexpectedChar(source.charAt(at), at));
  }
  return tokens;
}
