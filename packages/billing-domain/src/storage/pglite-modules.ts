import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's compiled engine (PostgreSQL and initdb) and its file bundle. Each PGlite store compiles
 * its own unless it is given these, and stores opened at the same time compile it once each; a
 * caller that opens many stores in one process (a test run) compiles them once and passes them to
 * every `openStore`. The caller owns them: nothing keeps them between calls.
 */
export type PgliteModules = Readonly<Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>>>;

// NOTE: Node's own types do not declare WebAssembly (the DOM's types do): its `compile` is typed here
// by what PGlite takes.
const { compile } = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteModules['pgliteWasmModule']> } }).WebAssembly;

/**
 * Compiles PGlite's engine and reads its file bundle, from the PGlite package this one depends on.
 * @example const pgliteModules = await compilePgliteModules(); await openStore({ databaseUrl: 'memory://', pgliteModules })
 */
export async function compilePgliteModules(): Promise<PgliteModules> {
  // NOTE: the files sit beside PGlite's entry point; `require.resolve` finds it from the ESM build
  // and the CommonJS build alike (`import.meta.resolve` has no CommonJS form).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const file = (name: string) => readFile(new URL(name, pathToFileURL(entry)));
  const [pglite, initdb, bundle] = await Promise.all([file('pglite.wasm'), file('initdb.wasm'), file('pglite.data')]);
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile(pglite), compile(initdb)]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
}
