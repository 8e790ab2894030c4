import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRequestSchema } from '../schema/request-schema.js';
import { ViolationCollector } from './collector.js';
import { checkRequestShape, reportSchemaIssues } from './zod-issues.js';

/**
 * What the schema alone reports, as `field: description` lines in order (zod's one
 * `unrecognized_keys` issue per object becomes one line per unknown field).
 */
function schemaReport(request: unknown): string[] {
  const parsed = planRequestSchema.safeParse(request);
  if (parsed.success) return [];
  const v = new ViolationCollector();
  reportSchemaIssues(parsed.error.issues, v);
  return v.list.map((x) => `${x.field}: ${x.description}`);
}

function checkerReport(request: unknown): { ok: boolean; lines: string[] } {
  const v = new ViolationCollector();
  const ok = checkRequestShape(request, v);
  return { ok, lines: v.list.map((x) => `${x.field}: ${x.description}`) };
}

const scalar = fc.oneof(
  fc.integer({ min: -5, max: 5000 }),
  fc.double(),
  fc.constantFrom('12', '', 'abc', null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY),
);
const series = fc.array(scalar, { maxLength: 3 });
const usage = fc.oneof(scalar, series, fc.dictionary(fc.constantFrom('cpu', 'gb', '__proto__', 'a-b'), fc.oneof(scalar, series, fc.object({ maxDepth: 1 }))));
const addon = fc.oneof(
  fc.record({ code: fc.oneof(fc.constantFrom('ip', 'bk'), scalar), usage, cod: scalar, usages: scalar }, { requiredKeys: [] }),
  scalar,
  series,
);
const instance = fc.oneof(
  fc.record(
    {
      quantity: scalar,
      hoursUsed: scalar,
      region: fc.oneof(fc.string({ maxLength: 3 }), scalar),
      usage,
      addons: fc.oneof(fc.array(addon, { maxLength: 3 }), scalar),
      extra: scalar,
      qty: scalar,
      region2: scalar,
    },
    { requiredKeys: [] },
  ),
  scalar,
  series,
);
const request = fc.oneof(
  fc.record(
    {
      planConfig: fc.oneof(fc.record({ currency: scalar, prices: fc.oneof(fc.array(fc.object({ maxDepth: 1 }), { maxLength: 2 }), scalar) }, { requiredKeys: [] }), scalar),
      instances: fc.oneof(fc.array(instance, { maxLength: 4 }), scalar),
      calcConfig: fc.oneof(fc.record({ capHours: scalar, taxRate: scalar, taxrate: scalar, overageRates: fc.oneof(fc.dictionary(fc.string({ maxLength: 2 }), scalar), scalar) }, { requiredKeys: [] }), scalar),
      instance: scalar,
    },
    { requiredKeys: [] },
  ),
  scalar,
  series,
);

describe('examples', () => {
  it('agrees with the schema on symbol keys, null prototypes and class instances', () => {
    const hidden = {};
    Object.defineProperty(hidden, Symbol('x'), { value: 1, enumerable: false });
    const cases: unknown[] = [
      { instances: [{ usage: { [Symbol('x')]: 1 } }] },
      { instances: [{ usage: hidden }] },
      { instances: [{ usage: Object.assign(Object.create(null) as object, { cpu: 1 }) }] },
      { instances: [{ usage: new Date() }, new Date()] },
      { instances: [{ addons: [{ usage: 1 }, { code: 'x', usage: { a: [1, null] } }] }] },
      { instances: [Object.assign(Object.create({ inherited: 1 }) as object, { quantity: 1 })] },
      { instances: [JSON.parse('{"__proto__": 1, "qty": 2}') as object], calcConfig: { taxrate: 1 }, extra: 1 },
    ];
    for (const request of cases) expect(checkerReport(request).lines).toEqual(schemaReport(request));
  });
});

describe('properties', () => {
  it('same issues as the schema: checkRequestShape(r) = planRequestSchema.safeParse(r), in order', () => {
    fc.assert(
      fc.property(request, (value) => {
        const expected = schemaReport(value);
        const actual = checkerReport(value);
        expect(actual.lines).toEqual(expected);
        expect(actual.ok).toBe(expected.length === 0);
      }),
      { numRuns: 2000 },
    );
  });
});
