import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// NOTE: hand-written (about 40 lines) rather than a dependency-cruiser configuration: the
// rules are few and local to this package, and the repository's own depcheck covers the
// packages as a whole. Imports are read from the text (`import ... from '...'`, `export ...
// from '...'`, type-only ones included), which is all this package writes.

const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'([^']+)';/gms;

const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.split('\\').join('/'));
const isTestCode = (file: string): boolean => file.endsWith('.test.ts') || file.endsWith('test-helpers.ts');

/** The specifiers a file imports; relative ones resolved to `src`-relative `.ts` paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(IMPORT)].map(([, spec = '']) =>
    spec.startsWith('.') ? relative(SRC, resolve(SRC, dirname(file), spec)).replace(/\.js$/, '.ts') : spec,
  );
}
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const inFolder = (file: string, folders: readonly string[]): boolean => folders.some((folder) => file.startsWith(`${folder}/`));

describe('architecture of pricing-core', () => {
  it('big.js lives in money/: no other file imports money/big.ts, and no shipped file outside money/ imports big.js', () => {
    const offenders = files.filter(
      (file) =>
        !inFolder(file, ['money']) &&
        (graph.get(file) ?? []).some((spec) => spec === 'money/big.ts' || (spec === 'big.js' && !isTestCode(file))),
    );
    expect(offenders).toEqual([]);
  });

  // NOTE: read from the text: a decimal's fields (big.js `.c`, `.e`, `.s`; the calculator's own
  // `.packed`, `.big`), a rational's (`.n`, `.d`)
  // and the methods of big.js are the calculator's business; the rest of the package calls
  // the functions of money/ (comments are skipped).
  it('no shipped file outside money/ reads a field or calls a method of the number types', () => {
    const reach = /(?<!Math)\.(?:(?:c|e|s|n|d|packed|big)\b(?![\w(])|(?:plus|minus|times|div|cmp|gt|gte|lt|lte|eq|abs|round|toFixed|toNumber|pow|sqrt|mod)\()/;
    const offenders = files
      .filter((file) => !inFolder(file, ['money']) && !isTestCode(file))
      .flatMap((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line: line.trim(), at: `${file}:${index + 1}` }))
          .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*') && reach.test(line))
          .map(({ at, line }) => `${at} ${line}`),
      );
    expect(offenders).toEqual([]);
  });

  // NOTE: values are shared (the constants, the small integers, a price list's amounts, a cached
  // price list across calls): a field written after construction would be state one call leaves
  // for the next. So no shipped file writes a field of a number (its own or big.js's), and no
  // module keeps a variable: tables are built at import or are constants.
  it('no shipped file writes a field of a number or keeps a module-level variable', () => {
    const write = /\.(?:c|e|s|n|d|int|scale|big|whole)\s*(?:=(?!=)|\+=|-=|\?\?=)|\bas\s*\{\s*(?:-readonly\s*)?c\s*:/;
    const variable = /^(?:export\s+)?(?:let|var)\s/;
    const offenders = files
      .filter((file) => !isTestCode(file))
      .flatMap((file) =>
        readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line }) => !line.trim().startsWith('//') && !line.trim().startsWith('*') && (write.test(line) || variable.test(line)))
          .map(({ at, line }) => `${at} ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('no file of engine/, models/, formula/, validation/ or money/ imports zod, nor does anything calculatePlan reaches', () => {
    const core = ['engine', 'models', 'formula', 'validation', 'money'];
    expect(files.filter((file) => inFolder(file, core) && !isTestCode(file) && graph.get(file)?.includes('zod'))).toEqual([]);
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const spec of graph.get(file) ?? []) if (graph.has(spec)) visit(spec);
    };
    visit('engine/calculate-plan.ts');
    visit('engine/validate-plan-request.ts');
    expect([...reached].filter((file) => graph.get(file)?.includes('zod'))).toEqual([]);
  });

  it('imports run one way: index, testing -> engine -> schema -> validation -> resolved -> models -> formula, request -> money -> errors', () => {
    const layers = [['errors', 'constants.ts', 'limits.ts'], ['money'], ['request', 'formula'], ['models'], ['resolved'], ['validation'], ['schema'], ['engine'], ['index.ts', 'testing']];
    const layerOf = (file: string): number => layers.findIndex((names) => names.some((name) => file === name || file.startsWith(`${name}/`)));
    const upward = files
      .filter((file) => !isTestCode(file))
      .flatMap((file) => (graph.get(file) ?? []).filter((spec) => graph.has(spec) && layerOf(spec) > layerOf(file)).map((spec) => `${file} -> ${spec}`));
    expect(files.filter((file) => !isTestCode(file) && layerOf(file) < 0)).toEqual([]);
    expect(upward).toEqual([]);
  });

  it('no import cycle among the package files (type-only imports included)', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const spec of graph.get(file) ?? []) if (graph.has(spec)) visit(spec, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) if (!isTestCode(file)) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('the test sees the package: it reads the entry point and its imports', () => {
    expect(graph.get('index.ts')).toContain('engine/calculate-plan.ts');
    expect(graph.get('engine/calculate-plan.ts')?.length).toBeGreaterThan(3);
  });
});
