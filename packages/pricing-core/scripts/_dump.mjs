import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
const r = await build({ stdin: { contents: `export { calculatePlan } from '@billing/pricing-core';`, resolveDir: process.cwd(), loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['source'], write: false, logLevel: 'silent', metafile: true });
writeFileSync('/tmp/h-lib21-bundle.js', r.outputFiles[0].contents);
const out = Object.values(r.metafile.outputs)[0];
const rows = Object.entries(out.inputs).map(([p, i]) => [i.bytesInOutput, p.replace(/.*pricing-core\/src\//, '')]).sort((a, b) => b[0] - a[0]);
console.log(r.outputFiles[0].contents.byteLength, rows.slice(0, 12).map((r) => r.join(' ')).join(', '));
