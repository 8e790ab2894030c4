import { sqlAddonRepository } from './addon-sql.js';
import { sqlEventOutbox } from '../events/event-sql.js';
import { sqlPageTokenKeyStore } from './page-token-key-sql.js';
import type { AddonSubscriptionRepository, UnitOfWork, WebhookEventStore } from '../domain/ports.js';
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
export function sqlUnitOfWork(sql: SqlClient, onAddonWrite: () => void = () => undefined): SqlUnitOfWork {
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
    addons: watchedAddons(sqlAddonRepository(reads, writes), onAddonWrite),
    subscriptions: sqlSubscriptionRepository(reads, writes),
    webhookEvents: watchedClaims(sqlWebhookEventStore(reads, writes), onAddonWrite),
    pageTokenKey: sqlPageTokenKeyStore(reads),
    events: sqlEventOutbox(reads),
    async lockSubscriptionKey(organizationId, provider, externalId) {
      await reads.query(`SELECT ${lockSubscriptionSql(1)}`, [subscriptionLockKey(organizationId, provider, externalId)]);
    },
    savepoint: async (work) => {
      await writes.flush();
      return inSavepoint(sql, (s) => sqlUnitOfWork(s, onAddonWrite), work);
    },
    flush: () => writes.flush(),
    endChange: () => writes.endChange(),
  };
  return { uow, flush: () => writes.flush() };
}

/** The repository, telling `onWrite` of each insert or update (the outbox's triggers write events then). */
function watchedAddons(addons: AddonSubscriptionRepository, onWrite: () => void): AddonSubscriptionRepository {
  return {
    ...addons,
    insert: (addon) => (onWrite(), addons.insert(addon)),
    update: (addon) => (onWrite(), addons.update(addon)),
  };
}

/** The store, telling `onWrite` of a claim that creates add-ons (a group's first deliveries insert them with the claim). */
function watchedClaims(events: WebhookEventStore, onWrite: () => void): WebhookEventStore {
  return {
    ...events,
    claimAll: (requests) => {
      if (requests.some((r) => (r.creates?.addons.length ?? 0) > 0)) onWrite();
      return events.claimAll(requests);
    },
  };
}
