import { afterAll, beforeAll } from 'vitest';
import type { BillingService } from '../../src/contract.js';
import type { BillingEvent } from '../../src/domain/billing-event.js';
import { createBillingService, type BillingServiceDeps } from '../../src/service/billing-service.js';
import type { BillingStore, UnitOfWork } from '../../src/domain/ports.js';
import { at } from './addons.js';
import { deliveryOf, testCodecs } from './events.js';
import { freshOrg } from './records.js';

/** How a suite gets its store: opened once before the suite, closed after it. */
export type StoreOpener = () => Promise<{ store: BillingStore; cleanup: () => Promise<void> }>;

/** Registers the store's lifecycle in the current describe and hands out the open store. */
export function sharedStore(open: StoreOpener): () => BillingStore {
  let store: BillingStore | undefined;
  let cleanup: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ store, cleanup } = await open());
  });
  afterAll(async () => {
    await store?.close();
    await cleanup();
  });
  return () => {
    if (store === undefined) throw new Error('store not open yet');
    return store;
  };
}

/**
 * A fresh organization with one `standard` endpoint, a service on `store`, and helpers; `options`
 * adds service settings (group commit, ...).
 */
export function tenant(store: BillingStore, options: Pick<BillingServiceDeps, 'ingestGroup' | 'onError'> = {}) {
  const org = freshOrg(options.ingestGroup ? 'group' : undefined);
  const secret = `whsec_${org}`;
  let tick = 1000;
  const service: BillingService = createBillingService({
    store,
    config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
    clock: () => at(tick++),
    codecs: testCodecs,
    onError: (error) => console.error(error),
    ...options,
  });
  const send = (event: BillingEvent) => service.webhooks.handle(deliveryOf(event, secret));
  const addons = async () => {
    const page = await service.addons.list(org, { pageSize: 100 });
    if (!page.ok) throw new Error(page.error.code);
    return page.value.addonSubscriptions;
  };
  return { org, secret, service, send, addons };
}

/**
 * A store whose unit of work fails on every add-on write, and right after every claim has written
 * (a new subscription's rows go with its claim), in savepoints too: a failure mid-transaction.
 */
export function failingMidTransaction(store: BillingStore): BillingStore {
  const fail = () => Promise.reject(new Error('disk full'));
  const broken = (uow: UnitOfWork): UnitOfWork => ({
    ...uow,
    addons: { ...uow.addons, insert: fail, update: fail },
    webhookEvents: {
      ...uow.webhookEvents,
      claimAll: async (requests) => {
        await uow.webhookEvents.claimAll(requests);
        return fail();
      },
    },
    savepoint: (work) => uow.savepoint((inner) => work(broken(inner))),
  });
  return { ...store, transaction: (work) => store.transaction((uow) => work(broken(uow))) };
}
