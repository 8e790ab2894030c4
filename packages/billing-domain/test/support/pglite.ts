import type { BillingStore } from '../../src/domain/ports.js';
import { openStore, type OpenStoreOptions } from '../../src/storage/open-store.js';
import { compilePgliteModules, type PgliteModules } from '../../src/storage/pglite-modules.js';

// NOTE: the test worker's one copy of PGlite's compiled modules: the test files a worker runs keep
// their modules between files (vitest.workspace.ts), so every PGlite store opened in this worker
// starts from the same compiled engine. Without it, stores opened at the same time each compile
// their own (V8 reuses only what an earlier, finished open compiled): about 2 s of CPU each.
let compiled: Promise<PgliteModules> | undefined;

/** PGlite's modules, compiled the first time a test of this worker asks. */
export const testPgliteModules = (): Promise<PgliteModules> => (compiled ??= compilePgliteModules());

/**
 * Opens a store as `openStore` does, with this worker's compiled PGlite (used only when the store is PGlite).
 * @example const store = await openTestStore({ databaseUrl: 'memory://' })
 */
export async function openTestStore(options: OpenStoreOptions): Promise<BillingStore> {
  return openStore({ ...options, pgliteModules: await testPgliteModules() });
}
