import { describe } from 'vitest';
import { openTestStore } from './support/pglite.js';
import { describeOutbox } from './outbox-contract.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';
import { sharedStore } from './support/tenant.js';

describe('PGlite (memory://)', () => {
  describeOutbox(sharedStore(async () => ({ store: await openTestStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined })));
});

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  describeOutbox(
    sharedStore(async () => {
      const db = await createThrowawayDatabase();
      return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
    }),
  );
});
