import { Worker } from 'node:worker_threads';
import { Mutex, protocol, types } from '@electric-sql/pglite';
import type { EngineReply, EngineRequest, EngineStart } from './pglite-engine-protocol.js';
import type { PgliteModules } from './pglite-modules.js';

/** One message of PGlite's answer (an error is a `DatabaseError`, which is an `Error`). */
export type BackendMessage = Parameters<Parameters<protocol.Parser['parse']>[1]>[0];

/**
 * PGlite in a worker thread of its own, reached by the wire protocol.
 * NOTE: PGlite's engine runs wherever its calls are made, and every call blocks that thread until
 * the engine is done, the WAL's fsync included. Here it has a thread of its own, so the server's
 * thread goes on reading and checking the next requests (the next group of deliveries) while the
 * engine commits the current one, and the two cores are both used. The messages are the same
 * bytes PGlite would pass to its engine on the server's thread; its answers are parsed here.
 */
export interface PgliteEngine {
  /** Sends a batch of protocol messages; answers the backend's messages, or rejects with the first error among them. */
  exec(message: Uint8Array): Promise<BackendMessage[]>;
  /** Runs `work` alone on the one connection: the calls of a transaction, with nothing between them. */
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The type parsers PGlite itself would use for this database, its array types included. */
  readonly parsers: Readonly<Record<number, types.Parser>>;
  /** Closes the database (a clean shutdown of PostgreSQL) and ends the thread. */
  close(): Promise<void>;
}

/** The worker's code, beside this module: built, or from the sources (loaded through tsx, registered in the thread). */
function workerOf(start: EngineStart): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-thread.js', import.meta.url), { workerData: start });
  // NOTE: a worker does not get the loader of `--import tsx` from its execArgv on Node 20, so
  // the thread registers tsx itself before it imports the TypeScript file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const file = new URL('./pglite-thread.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: start, execArgv: ['--conditions=source'] });
}

/**
 * Starts PGlite in a worker thread on `dataDir` (a folder, or `memory://`) and waits until it is open.
 * With `modules`, the thread uses those instead of compiling PGlite's own.
 * @example const engine = await startPgliteEngine('memory://'); await engine.close()
 */
export async function startPgliteEngine(dataDir: string, modules?: PgliteModules): Promise<PgliteEngine> {
  const worker = workerOf(modules === undefined ? { dataDir } : { dataDir, modules });
  // NOTE: one call is in flight at a time (each waits for the one before: the engine has one
  // connection), so answers come back in order.
  const waiting: { resolve: (reply: EngineReply) => void; reject: (error: Error) => void }[] = [];
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const w of waiting.splice(0)) w.reject(stopped);
  };
  worker.on('message', (reply: EngineReply) => {
    const next = waiting.shift();
    if (waiting.length === 0) worker.unref();
    next?.resolve(reply);
  });
  worker.on('error', (error) => stop(new Error(`the PGlite thread failed: ${error.message}`)));
  worker.on('exit', (code) => stop(new Error(`the PGlite thread ended (exit code ${code})`)));
  // NOTE: the thread keeps the process alive only while an answer is awaited, as PGlite on the
  // server's thread would: an unclosed store never holds a finished process open.
  const ask = (request: EngineRequest): Promise<EngineReply> => {
    if (stopped !== undefined) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  };
  const opened = await new Promise<EngineReply>((resolve, reject) => waiting.push({ resolve, reject }));
  if (opened.kind !== 'ready') {
    await worker.terminate();
    throw new Error(`PGlite did not open ${dataDir}: ${opened.kind === 'failed' ? opened.message : opened.kind}`);
  }
  const parsers: Record<number, types.Parser> = { ...types.parsers };
  for (const { oid, typarray } of opened.arrayTypes) parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as types.Parser, typarray);
  const mutex = new Mutex();
  const parser = new protocol.Parser();
  return {
    parsers,
    async exec(message) {
      const reply = await ask({ kind: 'exec', message });
      if (reply.kind === 'failed') throw new Error(`PGlite: ${reply.message}`);
      if (reply.kind !== 'answer') throw new Error(`PGlite answered ${reply.kind}`);
      const messages: BackendMessage[] = [];
      let error: Error | undefined;
      parser.parse(reply.answer, (m) => {
        messages.push(m);
        if (m.name === 'error' && error === undefined) error = m as unknown as Error;
      });
      if (error !== undefined) throw error;
      return messages;
    },
    runExclusive: (work) => mutex.runExclusive(work),
    async close() {
      if (stopped !== undefined) return;
      const reply = await ask({ kind: 'close' });
      await worker.terminate();
      if (reply.kind === 'failed') throw new Error(`PGlite did not close cleanly: ${reply.message}`);
    },
  };
}
