import { sqlAddonRepository } from './addon-sql.js';
import { sqlEventOutbox } from '../events/event-sql.js';
import { sqlPageTokenKeyStore } from './page-token-key-sql.js';
import type { UnitOfWork } from '../domain/ports.js';
import type { SqlClient } from './sql-client.js';
import { lockSubscriptionSql, subscriptionLockKey } from './subscription-lock.js';
import { sqlSubscriptionRepository } from './subscription-sql.js';
import { sqlWebhookEventStore } from './webhook-event-sql.js';
import { inSavepoint } from './savepoint.js';
import { writeBatch } from './write-batch.js';

/** A transaction's repositories and the flush its store runs before committing. */
export interface SqlUnitOfWork {
  uow: UnitOfWork;
  /** Sends the buffered writes; the store awaits it before COMMIT. */
  flush(): Promise<void>;
}

/**
 * The repositories bound to one transaction's connection. Writes are buffered (see writeBatch)
 * and sent before the next statement that reads, so every read sees the transaction's writes.
 * @example const { uow, flush } = sqlUnitOfWork(sql); await uow.addons.findById('org_1', 'a1'); await flush()
 */
export function sqlUnitOfWork(sql: SqlClient): SqlUnitOfWork {
  const writes = writeBatch(sql);
  const reads: SqlClient = {
    async query(text, params) {
      await writes.flush();
      return sql.query(text, params);
    },
    async exec(script) {
      await writes.flush();
      await sql.exec(script);
    },
  };
  const uow: UnitOfWork = {
    addons: sqlAddonRepository(reads, writes),
    subscriptions: sqlSubscriptionRepository(reads, writes),
    webhookEvents: sqlWebhookEventStore(reads, writes),
    pageTokenKey: sqlPageTokenKeyStore(reads),
    events: sqlEventOutbox(reads),
    async lockSubscriptionKey(organizationId, provider, externalId) {
      await reads.query(`SELECT ${lockSubscriptionSql(1)}`, [subscriptionLockKey(organizationId, provider, externalId)]);
    },
    savepoint: async (work) => {
      await writes.flush();
      return inSavepoint(sql, sqlUnitOfWork, work);
    },
    flush: () => writes.flush(),
    endChange: () => writes.endChange(),
  };
  return { uow, flush: () => writes.flush() };
}
