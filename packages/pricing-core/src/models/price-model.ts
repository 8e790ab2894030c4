import type { Calculator } from '../money/calculator.js';
import { flatModel } from './flat.js';
import { formulaModel } from './formula.js';
import { packageModel } from './package.js';
import { perUnitModel } from './per-unit.js';
import { graduatedModel } from './tiered-graduated.js';
import { volumeModel } from './tiered-volume.js';
import type { ModelInput, ModelResult, ModelSpec } from './types.js';

/**
 * The one switch over price models: prices `input` with the model of `spec`, exactly, on the
 * calculator `c` (safe-integer fractions or rationals of decimals); the breakdown is built only
 * when `explained` (debug asks, the hot path does not).
 * @example priceModel(EXACT, { kind: 'FLAT', unitAmount: decOf(10) }, input).amount
 */
export function priceModel<V>(c: Calculator<V>, spec: ModelSpec, input: ModelInput<V>, explained = true): ModelResult<V> {
  switch (spec.kind) {
    case 'FLAT':
      return flatModel(c, spec, input, explained);
    case 'PER_UNIT':
      return perUnitModel(c, spec, input, explained);
    case 'PACKAGE':
      return packageModel(c, spec, input, explained);
    case 'TIERED_GRADUATED':
      return graduatedModel(c, spec, input, explained);
    case 'TIERED_VOLUME':
      return volumeModel(c, spec, input, explained);
    case 'FORMULA':
      return formulaModel(c, spec, input, explained);
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}
