import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * A path inside this package, the same from `src/` (run with tsx) and from `dist/`.
 * @example packagePath('assets/calculator/app.js')
 */
export function packagePath(relative: string): string {
  // NOTE: the package's own `./package.json` export: where this module sits (src/pages or dist) does not matter.
  return join(dirname(require.resolve('@billing/http-adapter/package.json')), relative);
}
