#!/usr/bin/env node
// Bundles `calculatePlan` for a browser (esbuild, minified) and prints its size and what it
// is made of. `pnpm --filter @billing/pricing-core bundle-size` measures the built `dist/`;
// the consumer check (scripts/check-packages.mjs) measures the installed tarball and
// test/bundle-size.test.ts the sources.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** The most a minified browser bundle of `calculatePlan` may weigh (docs/packaging.md). */
export const BUNDLE_SIZE_LIMIT_KB = 64;

/** The npm package an esbuild input path belongs to, or `(own code)`. */
function packageOf(path) {
  const match = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(path);
  return match ? match[1] : '(own code)';
}

/**
 * Bundles `import { <name> } from '<specifier>'` for a browser, minified, resolving from
 * `resolveDir`, and returns its size in bytes with the bytes each npm package contributes.
 * @example const { bytes, packages } = await measureBundle({ resolveDir: process.cwd() })
 */
export async function measureBundle({
  resolveDir,
  specifier = '@billing/pricing-core',
  name = 'calculatePlan',
  conditions = [],
}) {
  const result = await build({
    stdin: { contents: `export { ${name} } from '${specifier}';`, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  const packages = {};
  for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg = packageOf(path);
    packages[pkg] = (packages[pkg] ?? 0) + bytesInOutput;
  }
  const bytes = result.outputFiles[0]?.contents.byteLength ?? 0;
  return { bytes, packages, withZod: 'zod' in packages };
}

/**
 * A one-line description of a measurement: the size, the limit and the bytes per package.
 * @example console.log(describeBundle(await measureBundle({ resolveDir: process.cwd() })))
 */
export function describeBundle({ bytes, packages }) {
  const parts = Object.entries(packages)
    .filter(([, size]) => size > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([pkg, size]) => `${pkg} ${(size / 1024).toFixed(1)} KB`);
  return `calculatePlan for a browser (esbuild, minified): ${(bytes / 1024).toFixed(1)} KB (limit ${BUNDLE_SIZE_LIMIT_KB} KB); ${parts.join(', ')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const measured = await measureBundle({ resolveDir: fileURLToPath(new URL('..', import.meta.url)) });
  console.log(describeBundle(measured));
}
