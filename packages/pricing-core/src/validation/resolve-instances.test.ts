import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePlanJson } from '../index.js';
import { ViolationCollector } from './collector.js';
import { plainInstances, resolveInstances } from './resolve-instances.js';
import { checkRequestShape } from './shape.js';
import { usageKeyGuard } from './usage-keys.js';

// The instances marked plain skip the shape check, the semantic check and the typo guard of
// usage keys; the law: an instance is marked only when all three report nothing on it.

const RUNS = Number(process.env.PRICING_PROPERTY_RUNS ?? 150) * 4;

const prices = [
  { pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'cpu', unitAmount: '1' },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'ip', pricingModel: 'PRICING_MODEL_PER_UNIT', metricName: 'gb', unitAmount: '1' },
  { productType: 'PRODUCT_TYPE_ADDON', addonCode: 'disk', pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' },
];
const guard = usageKeyGuard(prices);
const codes = new Set(['ip', 'disk']);

const reading = fc.oneof(
  { weight: 20, arbitrary: fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100)) },
  fc.constantFrom(-1, -0.5, 1e15, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, 1e-13, '12.5', '-1', 'x', null, undefined, true),
  fc.double(),
);
const series = fc.oneof(fc.array(reading, { maxLength: 3 }), fc.constant([1, , 2]));
const metricValues = fc.dictionary(fc.constantFrom('cpu', 'cpu', 'gb', 'gb', 'Cpu', 'gbb', 'other', '__proto__', 'constructor'), fc.oneof(reading, series), {
  maxKeys: 3,
});
/** A usage map, sometimes with a symbol key, a null prototype, an inherited key or a class prototype. */
const usageMap = fc.tuple(metricValues, fc.constantFrom('plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'symbol', 'hiddenSymbol', 'hiddenKey', 'nullProto', 'inherited', 'class')).map(([map, kind]) => {
  switch (kind) {
    case 'symbol':
      return Object.assign({ ...map }, { [Symbol('s')]: 1 });
    case 'hiddenKey':
      return Object.defineProperty({ ...map }, 'cpu', { value: -1, enumerable: false });
    case 'hiddenSymbol':
      return Object.defineProperty({ ...map }, Symbol('h'), { value: 1, enumerable: false });
    case 'nullProto':
      return Object.assign(Object.create(null) as object, map);
    case 'inherited':
      return Object.assign(Object.create({ cpu: 1 }) as object, map);
    case 'class':
      return Object.assign(new (class Usage {})(), map);
    default:
      return map;
  }
});
const usage = fc.oneof(reading, series, usageMap, usageMap, usageMap);
const entry = fc.oneof(
  { weight: 5, arbitrary: fc.record({ code: fc.oneof(fc.constantFrom('ip', 'disk', 'nope'), fc.integer()), usage }, { requiredKeys: [] }) },
  fc.constantFrom(null, 'ip', [], { code: 'ip', extra: 1 }),
);
const instance = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        quantity: fc.oneof({ weight: 5, arbitrary: reading }, series),
        hoursUsed: fc.oneof({ weight: 5, arbitrary: reading }, series),
        region: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('eu', '') }, fc.integer()),
        usage,
        addons: fc.oneof(fc.array(entry, { maxLength: 3 }), fc.constantFrom('x', null)),
      },
      { requiredKeys: [] },
    ),
  },
  fc.constant({ qty: 1, quantity: 1 }),
  fc.constantFrom(null, 1, 'x', [], Object.create({ quantity: 1 }) as object),
);

describe('properties', () => {
  it('an instance is marked plain only when the checks report nothing: plain(x) => shape(x) = semantic(x) = guard(x) = []', () => {
    let marked = 0;
    fc.assert(
      fc.property(instance, (item) => {
        const plain = plainInstances([item], codes, guard);
        if (plain?.[0] !== 1) return;
        marked += 1;
        const shape = new ViolationCollector();
        checkRequestShape({ instances: [item] }, shape);
        const semantic = new ViolationCollector();
        resolveInstances([item], codes, semantic, false, guard);
        expect([...shape.list, ...semantic.list]).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    // NOTE: the generators make plain instances often enough for the law to say something.
    expect(marked).toBeGreaterThan(RUNS / 20);
  });
});

describe('examples', () => {
  it('marks readings, known codes and used keys; refuses the rest', () => {
    const cases: [unknown, 0 | 1][] = [
      [{ quantity: 2, hoursUsed: 100.25, usage: { cpu: 12.5 }, addons: [{ code: 'ip', usage: { gb: 3 } }, { code: 'disk' }] }, 1],
      [{ usage: { cpu: [1, 2.5] }, region: 'eu' }, 1],
      [{ usage: { cpu: -1 } }, 0],
      [{ usage: { Cpu: 1 } }, 0],
      [{ usage: { cpu: 1, [Symbol('s')]: 1 } }, 0],
      [{ addons: [{ code: 'nope' }] }, 0],
      [{ quantity: '2' }, 0],
      [{ quantity: [] }, 0],
      [{ hoursUsed: [1] }, 0],
      [{ qty: 2 }, 0],
      [{ usage: [1, , 2] }, 0],
    ];
    for (const [item, expected] of cases) expect(plainInstances([item], codes, guard)?.[0]).toBe(expected);
  });

  it('a usage key hidden from Object.keys is neither checked nor read: priced as absent', () => {
    const request = (usage: object) => ({ planConfig: { prices }, instances: [{ usage }] });
    const hidden = Object.defineProperty({ gb: 1 }, 'cpu', { value: 5, enumerable: false });
    expect(plainInstances([{ usage: hidden }], codes, guard)?.[0]).toBe(0);
    expect(calculatePlanJson(request(hidden)).total).toBe(calculatePlanJson(request({ gb: 1 })).total);
    expect(calculatePlanJson(request({ gb: 1, cpu: 5 })).total).not.toBe(calculatePlanJson(request({ gb: 1 })).total);
  });
});
