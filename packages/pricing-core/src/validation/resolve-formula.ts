import { MESSAGES } from '../errors/messages.js';
import { FormulaError } from '../formula/ast.js';
import { parseFormula } from '../formula/parser.js';
import type { Decimal } from '../money/decimal.js';
import { rat } from '../money/rational.js';
import type { ModelSpec } from '../models/types.js';
import type { Violations } from './collector.js';
import type { PathSegment } from './field-path.js';
import type { Scalar } from './read-fields.js';
import { Refused } from './read-fields.js';
import { readText } from './read.js';

/**
 * Parses the `pricingFormula` of a FORMULA price once; `undefined` when missing or invalid.
 * @example resolveFormula('units * 2', path, v, fields)?.kind // 'FORMULA'
 */
export function resolveFormula(
  value: Scalar<string>,
  pricePath: readonly PathSegment[],
  v: Violations,
  fields: { unitAmount: Decimal; freeUnits: Decimal },
): ModelSpec | undefined {
  const source = readText(value);
  const path = [...pricePath, 'pricingFormula'];
  if (source === undefined) {
    // NOTE: a refused value (not a text) was reported by the walk; only an unset or empty one is missing.
    if (value instanceof Refused) return undefined;
    v.add(path, MESSAGES.formulaRequired);
    return undefined;
  }
  try {
    return { kind: 'FORMULA', formula: parseFormula(source), unitAmount: rat(fields.unitAmount), freeUnits: rat(fields.freeUnits) };
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    v.add(path, MESSAGES.formula(error.detail));
    return undefined;
  }
}
