import { describe } from 'vitest';
import { openTestStore } from './support/pglite.js';
import { describeAddonOperations } from './addon-operations-contract.js';
import { describeAddonListing } from './list-contract.js';
import { describeWebhookProcessing } from './processing-contract.js';
import { describeLocalChangeOrder } from './local-change-order-contract.js';
import { describeProviderPayloads } from './provider-payloads-contract.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';
import { sharedStore } from './support/tenant.js';

describe('PGlite (memory://)', () => {
  const store = sharedStore(async () => ({ store: await openTestStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined }));
  describeWebhookProcessing(store);
  describeAddonOperations(store);
  describeAddonListing(store);
  describeProviderPayloads(store);
  describeLocalChangeOrder(store);
});

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const store = sharedStore(async () => {
    const db = await createThrowawayDatabase();
    return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });
  describeWebhookProcessing(store);
  describeAddonOperations(store);
  describeAddonListing(store);
  describeProviderPayloads(store);
  describeLocalChangeOrder(store);
});

// NOTE: the same contract through group commit: deliveries that arrive together claimed in one
// call and answered after their group's commit (BILLING_INGEST_GROUP_WINDOW_MS > 0).
const GROUPED = { maxSize: 64, windowMs: 2 };
describe('PGlite (memory://), group commit', () => {
  const store = sharedStore(async () => ({ store: await openTestStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined }));
  describeWebhookProcessing(store, GROUPED);
});

describe.skipIf(skipReason !== '')(`PostgreSQL, group commit${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const store = sharedStore(async () => {
    const db = await createThrowawayDatabase();
    return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });
  describeWebhookProcessing(store, GROUPED);
});
