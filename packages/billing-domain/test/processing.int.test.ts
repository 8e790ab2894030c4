import { describe } from 'vitest';
import { openStore } from '../src/storage/open-store.js';
import { describeProcessingContract } from './processing-contract.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';

describeProcessingContract('PGlite (memory://)', async () => ({
  store: await openStore({ databaseUrl: 'memory://' }),
  cleanup: async () => undefined,
}));

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  describeProcessingContract('PostgreSQL', async () => {
    const db = await createThrowawayDatabase();
    return { store: await openStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });
});
