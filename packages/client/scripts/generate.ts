// `pnpm --filter @billing/client generate`: writes the server's OpenAPI document and the types
// generated from it. With `--check`: writes nothing and exits 1 when a committed file differs
// from a fresh generation.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { committedFiles, generateFiles, GENERATED_FILES, PACKAGE_ROOT } from './openapi-types.js';

const fresh = await generateFiles();
if (process.argv.includes('--check')) {
  const committed = committedFiles();
  const stale = (Object.keys(GENERATED_FILES) as (keyof typeof GENERATED_FILES)[]).filter((key) => committed[key] !== fresh[key]);
  for (const key of stale) process.stderr.write(`${GENERATED_FILES[key]} differs from a fresh generation: run pnpm --filter @billing/client generate\n`);
  process.exit(stale.length === 0 ? 0 : 1);
}
for (const [key, path] of Object.entries(GENERATED_FILES)) writeFileSync(join(PACKAGE_ROOT, path), fresh[key as keyof typeof GENERATED_FILES]);
process.stdout.write(`wrote ${Object.values(GENERATED_FILES).join(', ')}\n`);
