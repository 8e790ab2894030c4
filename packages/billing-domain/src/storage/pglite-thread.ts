import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { openDurablePglite } from './pglite-durable.js';
import { ARRAY_TYPES_SQL, type EngineReply, type EngineRequest, type EngineStart } from './pglite-engine-protocol.js';

// The worker thread PGlite runs in (see pglite-engine.ts): it opens the database and answers
// each batch of wire-protocol messages with the engine's raw answer. Nothing else runs here.

const port = parentPort;
if (port === null) throw new Error('pglite-thread runs as a worker thread');
const { dataDir, modules } = workerData as EngineStart;

/** The reply for a failure, with its reason. */
const failed = (error: unknown): EngineReply => ({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });

/** Opens the database and answers every request until it is closed. */
async function serve(port: MessagePort): Promise<void> {
  try {
    const db = dataDir === 'memory://' ? await PGlite.create({ ...modules }) : await openDurablePglite(dataDir, modules);
    const arrayTypes = (await db.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL)).rows;
    port.on('message', (request: EngineRequest) => {
      if (request.kind === 'close') {
        void db.close().then(
          () => port.postMessage({ kind: 'closed' } satisfies EngineReply),
          (error: unknown) => port.postMessage(failed(error)),
        );
        return;
      }
      try {
        // NOTE: a copy of exactly the answer: the engine's may be a view on its whole memory, which
        // a message would copy whole.
        const answer = db.execProtocolRawSync(request.message).slice();
        port.postMessage({ kind: 'answer', answer } satisfies EngineReply, [answer.buffer]);
      } catch (error) {
        port.postMessage(failed(error));
      }
    });
    port.postMessage({ kind: 'ready', arrayTypes } satisfies EngineReply);
  } catch (error) {
    port.postMessage(failed(error));
  }
}

void serve(port);
