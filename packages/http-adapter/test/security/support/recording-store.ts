import type { BillingStore, UnitOfWork } from '@billing/billing-domain';

/** A store that records every committed write, so a test can prove a request changed nothing. */
export interface RecordingStore {
  store: BillingStore;
  /** Writes of committed transactions, in order (`webhookEvents.insert org/provider/eventId`, ...). */
  writes: () => readonly string[];
}

/**
 * Wraps a store: writes of a transaction are recorded once it commits (rolled-back ones are not).
 * @example const { store, writes } = recordingStore(await openStore({ databaseUrl: 'memory://' }))
 */
export function recordingStore(inner: BillingStore): RecordingStore {
  const committed: string[] = [];
  const store: BillingStore = {
    kind: inner.kind,
    ping: () => inner.ping(),
    onEventsCommitted: (listener) => inner.onEventsCommitted(listener),
    statementCount: () => inner.statementCount(),
    migrate: () => inner.migrate(),
    openingMigrations: inner.openingMigrations,
    durability: inner.durability,
    close: () => inner.close(),
    async transaction(work) {
      const pending: string[] = [];
      const result = await inner.transaction((uow) => work(recording(uow, pending)));
      committed.push(...pending);
      return result;
    },
  };
  return { store, writes: () => committed };
}

function recording(uow: UnitOfWork, log: string[]): UnitOfWork {
  return {
    lockSubscriptionKey: (...args) => uow.lockSubscriptionKey(...args),
    // NOTE: a savepoint's writes count once it succeeded; rolled back, they are not recorded.
    async savepoint(work) {
      const inner: string[] = [];
      const result = await uow.savepoint((u) => work(recording(u, inner)));
      log.push(...inner);
      return result;
    },
    flush: () => uow.flush(),
    endChange: () => uow.endChange(),
    // NOTE: the page-token key is made once per database, not by a request's business; not recorded.
    pageTokenKey: uow.pageTokenKey,
    // NOTE: add-on events are written by the store with the add-on rows that are recorded here.
    events: uow.events,
    addons: {
      ...bind(uow.addons),
      insert: async (addon) => {
        log.push(`addons.insert ${addon.organizationId}/${addon.id}`);
        await uow.addons.insert(addon);
      },
      update: async (addon) => {
        log.push(`addons.update ${addon.organizationId}/${addon.id}`);
        await uow.addons.update(addon);
      },
    },
    subscriptions: {
      ...bind(uow.subscriptions),
      insert: async (s) => {
        log.push(`subscriptions.insert ${s.organizationId}/${s.id}`);
        await uow.subscriptions.insert(s);
      },
      update: async (s) => {
        log.push(`subscriptions.update ${s.organizationId}/${s.id}`);
        await uow.subscriptions.update(s);
      },
    },
    webhookEvents: {
      ...bind(uow.webhookEvents),
      insertIfAbsent: async (event) => {
        const inserted = await uow.webhookEvents.insertIfAbsent(event);
        if (inserted) log.push(`webhookEvents.insert ${event.organizationId}/${event.provider}/${event.eventId}`);
        return inserted;
      },
      claimAll: async (requests) => {
        const answers = await uow.webhookEvents.claimAll(requests);
        for (const [i, { event, creates }] of requests.entries()) {
          const answer = answers[i];
          if (answer !== null) log.push(`webhookEvents.insert ${event.organizationId}/${event.provider}/${event.eventId}`);
          if (answer !== null && answer !== 'follows' && answer?.created === true && creates !== undefined) {
            log.push(`subscriptions.insert ${creates.subscription.organizationId}/${creates.subscription.id}`);
            for (const addon of creates.addons) log.push(`addons.insert ${addon.organizationId}/${addon.id}`);
          }
        }
        return answers;
      },
      setStatus: async (org, provider, eventId, status) => {
        log.push(`webhookEvents.setStatus ${org}/${provider}/${eventId} ${status}`);
        await uow.webhookEvents.setStatus(org, provider, eventId, status);
      },
    },
  };
}

/** The object's methods bound to it (the SQL repositories are plain objects, but stay safe). */
function bind<T extends object>(target: T): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(target) as (keyof T & string)[]) {
    const value = target[key];
    out[key] = typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  }
  return out as T;
}
