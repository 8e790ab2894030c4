import type { UnitOfWork } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';

// NOTE: one name for every savepoint: PostgreSQL lets a name repeat, and ROLLBACK TO names the most
// recent one, so one prepared text serves every delivery. A savepoint that succeeded is not
// released: the next one nests in it and the commit keeps both, which saves a round trip each.
const NAME = 'billing_delivery';

/** The transaction can no longer be trusted: a failed piece could not be rolled back alone. */
export class SavepointLostError extends Error {
  constructor(override readonly cause: unknown) {
    super(`a savepoint could not be rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'SavepointLostError';
  }
}

/** A fresh unit of work on a connection and the flush of its buffered writes. */
export type UnitOfWorkFactory = (sql: SqlClient) => { uow: UnitOfWork; flush(): Promise<void> };

/**
 * Runs `work` with its own unit of work (made by `open`) inside a savepoint of the transaction
 * `sql` is in. Its writes are flushed before it returns; when it throws, they are never sent or
 * are rolled back to the savepoint, and the error is rethrown. When even the rollback fails,
 * SavepointLostError.
 * @example await inSavepoint(sql, sqlUnitOfWork, (uow) => processEvent(uow, 'org_1', event, ctx))
 */
export async function inSavepoint<T>(sql: SqlClient, open: UnitOfWorkFactory, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  await sql.query(`SAVEPOINT ${NAME}`);
  const { uow, flush } = open(sql);
  try {
    const result = await work(uow);
    await flush();
    return result;
  } catch (error) {
    try {
      await sql.query(`ROLLBACK TO SAVEPOINT ${NAME}`);
    } catch (rollbackError) {
      throw new SavepointLostError(rollbackError);
    }
    throw error;
  }
}
