import { describe } from 'vitest';
import { openStore } from '../src/storage/open-store.js';
import { describeStoreContract } from './store-contract.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';

describeStoreContract('PGlite (memory://)', async () => ({
  store: await openStore({ databaseUrl: 'memory://' }),
  cleanup: async () => undefined,
}));

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  describeStoreContract('PostgreSQL', async () => {
    const db = await createThrowawayDatabase();
    return { store: await openStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });
});
