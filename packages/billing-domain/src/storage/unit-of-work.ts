import { sqlAddonRepository } from './addon-sql.js';
import type { UnitOfWork } from './ports.js';
import type { SqlClient } from './sql-client.js';
import { sqlSubscriptionRepository } from './subscription-sql.js';
import { sqlWebhookEventStore } from './webhook-event-sql.js';

/**
 * The repositories bound to one transaction's connection.
 * @example await store.transaction(async (uow) => uow.addons.findById('org_1', 'a1'))
 */
export function sqlUnitOfWork(sql: SqlClient): UnitOfWork {
  return {
    addons: sqlAddonRepository(sql),
    subscriptions: sqlSubscriptionRepository(sql),
    webhookEvents: sqlWebhookEventStore(sql),
    async lockSubscriptionKey(organizationId, provider, externalId) {
      await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        JSON.stringify([organizationId, provider, externalId]),
      ]);
    },
  };
}
