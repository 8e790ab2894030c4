import type { PgliteModules } from './pglite-modules.js';

// The messages between the server's thread and PGlite's (pglite-engine.ts and pglite-thread.ts).

/** What the worker is started with. */
export interface EngineStart {
  /** A data folder, or `memory://`. */
  dataDir: string;
  /** PGlite's compiled modules, when the caller has them (a thread otherwise compiles its own). */
  modules?: PgliteModules;
}

/** From the server's thread: a batch of wire-protocol messages, or the end. */
export type EngineRequest = { kind: 'exec'; message: Uint8Array } | { kind: 'close' };

/** From PGlite's thread: open (with the array types its parsers need), an answer, closed, or a failure. */
export type EngineReply =
  | { kind: 'ready'; arrayTypes: readonly { oid: number; typarray: number }[] }
  | { kind: 'answer'; answer: Uint8Array }
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

/** The array types of the database, as PGlite reads them to parse array columns. */
export const ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray
FROM pg_catalog.pg_type a
LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
WHERE a.typcategory = 'A'
GROUP BY b.oid, b.typarray
ORDER BY b.oid`;
