/**
 * The package's `migrations/` folder. This file sits one level below the package root both as
 * source (`src/`) and when bundled (`dist/index.js`), so the same relative URL works from both.
 * @example migrationsDirectory().pathname.endsWith('/migrations/') // true
 */
export function migrationsDirectory(): URL {
  return new URL('../migrations/', import.meta.url);
}
