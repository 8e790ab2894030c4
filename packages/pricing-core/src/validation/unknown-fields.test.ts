import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson, PricingValidationError, validatePlanRequestJson } from '../index.js';
import type { FieldViolation } from '../index.js';
import { planArb } from '../testing/arbitraries.js';
import { editDistance } from '../errors/did-you-mean.js';
import { formatPath } from './field-path.js';
import type { PathSegment } from './field-path.js';
import { OBJECT_DOCS } from '../request/field-docs.js';

type Json = Record<string, unknown>;
const flat = (fields: Json = {}): Json => ({ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '10', ...fields });

/** The violations `calculatePlan` throws, or a failure when it prices the request. */
function thrown(request: unknown): FieldViolation[] {
  try {
    const result = calculatePlanJson(request);
    throw new Error(`priced instead of refused: total ${result.total}`);
  } catch (error) {
    if (!(error instanceof PricingValidationError)) throw error;
    return error.violations;
  }
}

describe('strict requests: an unknown field is a violation at its path, with a did-you-mean', () => {
  it('unitAmmount on a price: "did you mean unitAmount?", never priced as zero', () => {
    const request = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmmount: '10' }] }, instances: [{}] };
    expect(thrown(request)).toEqual([
      { field: 'planConfig.prices[0].unitAmmount', description: 'Unknown field: did you mean "unitAmount"?' },
    ]);
  });

  it('discountPrecent on calcConfig', () => {
    const request = { planConfig: { prices: [flat()] }, instances: [{}], calcConfig: { discountPrecent: 50 } };
    expect(thrown(request)).toEqual([
      { field: 'calcConfig.discountPrecent', description: 'Unknown field: did you mean "discountPercent"?' },
    ]);
  });

  it('unitAmmount on a tier', () => {
    const tiers = [{ startInclusive: 0, unitAmmount: '2' }];
    const request = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_TIERED', tiers }] }, instances: [{ usage: 3 }] };
    expect(thrown(request)).toEqual([
      { field: 'planConfig.prices[0].tiers[0].unitAmmount', description: 'Unknown field: did you mean "unitAmount"?' },
    ]);
  });

  it('qty on an instance: more than two edits from quantity, so no suggestion', () => {
    const request = { planConfig: { prices: [flat()] }, instances: [{ qty: 3 }] };
    expect(thrown(request)).toEqual([
      { field: 'instances[0].qty', description: 'Unknown field: not part of the request format.' },
    ]);
  });

  it('every level at once: top level, planConfig, add-on entries, instances, in one list', () => {
    const request = {
      planConfig: { currenct: 'EUR', prices: [flat(), flat({ productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip' })] },
      instances: [{ quantity: 1, addons: [{ code: 'ip', usag: 2 }], hoursUsd: 3 }],
      calcConfig: { taxRate: 0.1 },
      instance: [],
    };
    expect(thrown(request)).toEqual([
      { field: 'planConfig.currenct', description: 'Unknown field: did you mean "currency"?' },
      { field: 'instances[0].addons[0].usag', description: 'Unknown field: did you mean "usage"?' },
      { field: 'instances[0].hoursUsd', description: 'Unknown field: did you mean "hoursUsed"?' },
      { field: 'instance', description: 'Unknown field: did you mean "instances"?' },
    ]);
  });

  it('unknown fields are listed together with the other violations', () => {
    const request = { planConfig: { prices: [flat({ unitAmount: '-1', unitAmmount: '1' })] }, calcConfig: { taxRate: 2 } };
    const fields = thrown(request).map((v) => v.field);
    expect(fields).toEqual(expect.arrayContaining(['planConfig.prices[0].unitAmmount', 'planConfig.prices[0].unitAmount', 'calcConfig.taxRate']));
    expect(fields).toHaveLength(3);
  });

  it('maps keep free keys: usage, add-on usage and overageRates', () => {
    const request = {
      planConfig: {
        prices: [
          { productType: 'PRODUCT_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'unitAmmount', unitAmount: '1' },
          { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' },
        ],
      },
      instances: [{ usage: { unitAmmount: 2, qty: 1 }, addons: [{ code: 'ip', usage: { qty: 1 } }] }],
      calcConfig: { overageRates: { unitAmmount: '3' } },
    };
    expect(validatePlanRequestJson(request).success).toBe(true);
    expect(calculatePlanJson(request).overageCost).toBe('6.00');
  });

  it('the typo priced as zero before: the same request without the typo costs 10.00', () => {
    expect(calculatePlanJson({ planConfig: { prices: [flat()] }, instances: [{}] }).total).toBe('10.00');
  });
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of the strict objects of a request (not the maps `usage` and `overageRates`). */
function strictObjects(request: Node): PathSegment[][] {
  const paths: PathSegment[][] = [[]];
  const each = (value: unknown, path: PathSegment[], inner?: (item: unknown, at: PathSegment[]) => void) => {
    if (!Array.isArray(value)) return;
    value.forEach((item, i) => {
      if (!isNode(item)) return;
      paths.push([...path, i]);
      inner?.(item, [...path, i]);
    });
  };
  if (isNode(request.planConfig)) {
    paths.push(['planConfig']);
    each(request.planConfig.prices, ['planConfig', 'prices'], (price, at) => each((price as Node).tiers, [...at, 'tiers']));
  }
  each(request.instances, ['instances'], (instance, at) => each((instance as Node).addons, [...at, 'addons']));
  if (isNode(request.calcConfig)) paths.push(['calcConfig']);
  return paths;
}

/** Every field name some object of the request declares. */
const DECLARED = new Set(OBJECT_DOCS.flatMap((docs) => Object.keys(docs.fields.fields)));

const at = (root: Node, path: readonly PathSegment[]): Node => path.reduce<Node>((node, step) => (node as Record<PathSegment, unknown>)[step] as Node, root);

describe('properties', () => {
  it('a typo never prices: rename any field f of a valid plan to f with one letter doubled -> a violation at its path suggesting a field one edit away', () => {
    const edit = fc.record({ object: fc.nat(), field: fc.nat(), position: fc.nat() });
    fc.assert(
      fc.property(planArb(), edit, (plan, { object, field, position }) => {
        const request = structuredClone(plan) as Node;
        const candidates = strictObjects(request).filter((path) => Object.keys(at(request, path)).length > 0);
        fc.pre(candidates.length > 0);
        const path = candidates[object % candidates.length]!;
        const target = at(request, path);
        const keys = Object.keys(target);
        const key = keys[field % keys.length]!;
        const p = position % key.length;
        const typo = `${key.slice(0, p + 1)}${key.slice(p)}`;
        fc.pre(!DECLARED.has(typo));
        target[typo] = target[key];
        delete target[key];
        const outcome = validatePlanRequestJson(request);
        expect(outcome.success).toBe(false);
        const violation = outcome.success ? undefined : outcome.violations.find((v) => v.field === formatPath([...path, typo]));
        const suggested = /did you mean "([^"]+)"\?$/.exec(violation?.description ?? '')?.[1] ?? '';
        expect(editDistance(typo, suggested)).toBeLessThanOrEqual(1);
        expect(() => calculatePlanJson(request)).toThrow(PricingValidationError);
      }),
      { numRuns: Number(process.env.PRICING_PROPERTY_RUNS ?? 150) },
    );
  });
});
