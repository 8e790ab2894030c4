import type { Rational } from '../money/rational.js';

/** Variables a formula may read (besides `usage.<metric>`). */
export const FORMULA_VARIABLES = ['units', 'quantity', 'hours', 'cycleHours', 'unitAmount', 'freeUnits'] as const;
export type FormulaVariable = (typeof FORMULA_VARIABLES)[number];

/** Functions a formula may call. */
export type FormulaFunction = 'min' | 'max' | 'ceil' | 'floor' | 'round' | 'if';

/** A parsed formula. */
export type FormulaNode =
  | { kind: 'number'; value: Rational }
  | { kind: 'variable'; name: FormulaVariable }
  | { kind: 'usage'; metric: string }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'arithmetic'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'compare'; op: '<' | '<=' | '>' | '>=' | '==' | '!='; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; fn: FormulaFunction; args: FormulaNode[] };

/** A formula problem; the engine reports it on the price's `pricingFormula` field. */
export class FormulaError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'FormulaError';
  }
}
