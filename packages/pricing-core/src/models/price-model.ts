import { flatModel } from './flat.js';
import { formulaModel } from './formula.js';
import { packageModel } from './package.js';
import { perUnitModel } from './per-unit.js';
import { graduatedModel } from './tiered-graduated.js';
import { volumeModel } from './tiered-volume.js';
import type { ModelInput, ModelResult, ModelSpec } from './types.js';

/**
 * The one switch over price models: prices `input` with the model of `spec`, exactly; the
 * breakdown is built only when `explained` (debug asks, the hot path does not).
 * @example priceModel({ kind: 'FLAT', unitAmount: new Dec(10) }, input).amount
 */
export function priceModel(spec: ModelSpec, input: ModelInput, explained = true): ModelResult {
  switch (spec.kind) {
    case 'FLAT':
      return flatModel(spec, input, explained);
    case 'PER_UNIT':
      return perUnitModel(spec, input, explained);
    case 'PACKAGE':
      return packageModel(spec, input, explained);
    case 'TIERED_GRADUATED':
      return graduatedModel(spec, input, explained);
    case 'TIERED_VOLUME':
      return volumeModel(spec, input, explained);
    case 'FORMULA':
      return formulaModel(spec, input, explained);
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}
