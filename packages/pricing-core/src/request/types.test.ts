import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AddonUsage, CalcConfig, Instance, LineItem, PlanRequest, PlanResult, Price, Tier } from '../index.js';
import { calculatePlan, calculatePlanJson } from '../index.js';
import type fc from 'fast-check';
import { planRequestArbitrary } from '../testing/index.js';
import { generateTypes } from './generate-types.js';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Where the snippets pretend to live: beside index.ts. */
const src = fileURLToPath(new URL('..', import.meta.url));

describe('request/types.ts', () => {
  it('is what the generator writes from fields.ts and field-docs.ts (run `pnpm generate:types` after changing either)', () => {
    expect(readFileSync(`${here}types.ts`, 'utf8')).toBe(generateTypes());
  });

  it('every field of every interface carries a JSDoc sentence', () => {
    const text = generateTypes();
    const fields = text.match(/^ {2}\w+\??: /gm) ?? [];
    const documented = text.match(/^ {2}\/\*\* .+ \*\/\n {2}\w+\??: /gm) ?? [];
    expect(fields.length).toBeGreaterThan(40);
    expect(documented.length).toBe(fields.length);
  });
});

describe('types: what compiles (expectTypeOf)', () => {
  it('the entries take the named interfaces', () => {
    expectTypeOf(calculatePlan).parameter(0).toEqualTypeOf<PlanRequest>();
    expectTypeOf(calculatePlan).returns.toEqualTypeOf<PlanResult>();
    expectTypeOf(calculatePlanJson).parameter(0).toBeUnknown();
    expectTypeOf<PlanRequest['instances']>().toEqualTypeOf<readonly Instance[] | null | undefined>();
    expectTypeOf<NonNullable<PlanRequest['planConfig']>['prices']>().toEqualTypeOf<readonly Price[] | null | undefined>();
    expectTypeOf<Price['tiers']>().toEqualTypeOf<readonly Tier[] | null | undefined>();
    expectTypeOf<Instance['addons']>().toEqualTypeOf<readonly AddonUsage[] | null | undefined>();
    expectTypeOf<PlanRequest['calcConfig']>().toEqualTypeOf<CalcConfig | null | undefined>();
    expectTypeOf<PlanResult['lineItems']>().toEqualTypeOf<LineItem[]>();
  });

  it("the testing kit generates the package's own PlanRequest", () => {
    expectTypeOf(planRequestArbitrary).returns.toEqualTypeOf<fc.Arbitrary<PlanRequest>>();
  });
});

// NOTE: what must not compile is held by the compiler itself: each snippet is type-checked
// against the package's sources, and the test names the error it expects, so a type that
// became too loose (a snippet that compiles) fails here.
const PRELUDE = `import { calculatePlan, type PlanRequest } from './index.js';\n`;

const SNIPPETS: [name: string, code: string, compiles: boolean][] = [
  ['a typed plan', `calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_PER_UNIT', unitAmount: '12.50' }] }, instances: [{ quantity: 2, hoursUsed: '336' }], calcConfig: { taxRate: 0.2, discountPercent: '10' } });`, true],
  ['a plan built as const', `const plan = { planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '1' }] }, instances: [{ usage: { cpu: [1, 2] } }] } as const; calculatePlan(plan);`, true],
  ["pricingModel: 'PER_UNIT'", `calculatePlan({ planConfig: { prices: [{ pricingModel: 'PER_UNIT' }] } });`, false],
  ["metricAggregation: 'SUM'", `calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', metricAggregation: 'SUM' }] } });`, false],
  ["taxRate: '20%'", `calculatePlan({ calcConfig: { taxRate: '20%' } });`, false],
  ["unitAmmount: '1' (a typo)", `calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmmount: '1' }] } });`, false],
  ['unitAmount as a JSON number', `calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: 0.1 }] } });`, false],
  ["unitAmount: '5$'", `calculatePlan({ planConfig: { prices: [{ pricingModel: 'PRICING_MODEL_FLAT', unitAmount: '5$' }] } });`, false],
  ["quantity: 'two'", `const r: PlanRequest = { instances: [{ quantity: 'two' }] }; calculatePlan(r);`, false],
  ['an add-on without its code', `calculatePlan({ instances: [{ addons: [{ usage: 3 }] }] });`, false],
  ['raw JSON (unknown) into calculatePlan', `declare const body: unknown; calculatePlan(body);`, false],
];

describe('types: what must not compile (the TypeScript compiler)', () => {
  const files = new Map(SNIPPETS.map(([, code], index) => [`${src}__snippet_${index}.ts`, PRELUDE + code]));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const code = files.get(name);
    return code === undefined ? getSourceFile(name, version, ...rest) : ts.createSourceFile(name, code, version);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const program = ts.createProgram([...files.keys()], options, host);
  const errorsOf = (file: string): string[] =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

  SNIPPETS.forEach(([name, , compiles], index) => {
    it(`${compiles ? 'compiles' : 'does not compile'}: ${name}`, () => {
      const errors = errorsOf(`${src}__snippet_${index}.ts`);
      if (compiles) expect(errors).toEqual([]);
      else {
        expect(errors.length).toBeGreaterThan(0);
        // A type error, not a file or module the compiler could not find.
        expect(errors.join('\n')).not.toMatch(/not found|Cannot find module/);
      }
    });
  });
});
