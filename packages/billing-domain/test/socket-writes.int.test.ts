import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openTestStore } from './support/pglite.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';

// The PostgreSQL store sends what one tick of a transaction writes (BEGIN with its first
// statement, the last writes with COMMIT) as one write to the socket, not a write per protocol
// message. Counted where the socket hands data to the system: `_writeGeneric`, which both
// `_write` and `_writev` call once per write.

type WriteGeneric = (this: Socket, ...args: unknown[]) => unknown;

/** Counts the socket writes to `port` while `work` runs. */
async function socketWrites(port: number, work: () => Promise<unknown>): Promise<number> {
  const proto = Socket.prototype as unknown as { _writeGeneric: WriteGeneric };
  const original = proto._writeGeneric;
  let writes = 0;
  proto._writeGeneric = function (this: Socket, ...args: unknown[]) {
    if (this.remotePort === port) writes += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto._writeGeneric = original;
  }
  return writes;
}

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`writes to PostgreSQL's socket${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('a transaction of BEGIN, one read and COMMIT is two socket writes (BEGIN leaves with the read), not one per protocol message', async () => {
    const db = await createThrowawayDatabase();
    const store = await openTestStore({ databaseUrl: db.url, poolSize: 1 });
    try {
      const read = () => store.transaction((uow) => uow.addons.findById('org_writes', 'addon_none'));
      // the first run prepares the statement (a Parse more); the count is taken on the second
      await read();
      const writes = await socketWrites(Number(new URL(db.url).port || 5432), read);
      expect(writes).toBe(2);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
