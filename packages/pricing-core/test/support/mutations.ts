import fc from 'fast-check';
import { planArb } from '../../src/testing/arbitraries.js';

// Random edits of valid plans: the values and keys that tend to break parsers, number readers
// and map lookups, applied at random places.

/** Values that tend to break parsers, number readers and map lookups. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom<unknown>(
    -1, -0.01, 0, 0.5, 1e21, 1e308, 2 ** 53 + 2, 1e-7, 5e-324,
    '', ' ', '-1', '-0', '1e3', '1e400', '1e-400', 'NaN', 'Infinity', '0x10', '1_000', '12.3.4', '+5', '.5', '5.',
    '0.0000000000001', '99999999999999999999999999.999', '١٢',
    'PRICING_MODEL_TIERED', 'PRICING_MODEL_FORMULA', 'PRODUCT_TYPE_USAGE', 'PRODUCT_TYPE_ADDON', 'TIER_MODE_VOLUME',
    'BILLING_PERIOD_HOURLY', 'METRIC_AGGREGATION_AVERAGE', 'PRICING_MODEL_UNSPECIFIED',
    'constructor', '__proto__', 'toString', 'cpu', 'backup',
    '1 / 0', 'units / (quantity - quantity)', '0 - 1', 'usage.nope', 'usage.', 'round(1, -1)', 'round(units, 100000)',
    'if(1, 2)', 'if(units > 1, 1 / 0, 2)', 'min()', '((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))',
    'ceil(units / 7) * 99999999999999999999', 'x'.repeat(1001), '1e999999',
    null, true, false, [], {}, [1, -1], [[1]], { cpu: -1 }, { cpu: [1, 'a'] }, { constructor: 3 },
  ),
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const children = Array.isArray(value)
    ? value.flatMap((child, index) => pathsOf(child, [...prefix, index]))
    : Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]));
  return [prefix, ...children];
}

type Mutation = { pick: number; kind: 'set' | 'delete' | 'addKey'; value: unknown; key: string };

function applyMutation(root: unknown, { pick, kind, value, key }: Mutation): unknown {
  const paths = pathsOf(root);
  const path = paths[pick % paths.length] ?? [];
  if (path.length === 0) return kind === 'set' ? value : root;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (kind === 'addKey') {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) {
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
    } else {
      parent[last] = value;
    }
  } else {
    parent[last] = value;
  }
  return root;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom<Mutation['kind']>('set', 'set', 'delete', 'addKey'),
  value: oddValue,
  key: fc.constantFrom('__proto__', 'constructor', 'toString', 'cpu', 'extra', ''),
});

/** A valid plan with one to three random edits. */
export const mutatedPlanArb: fc.Arbitrary<unknown> = fc
  .tuple(planArb({ maxInstances: 3 }), fc.array(mutationArb, { minLength: 1, maxLength: 3 }))
  .map(([plan, mutations]) => mutations.reduce<unknown>((root, mutation) => applyMutation(root, mutation), structuredClone(plan)));
