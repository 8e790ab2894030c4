import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingService } from '../src/contract.js';
import type { BillingEvent } from '../src/domain/billing-event.js';
import type { BillingStore } from '../src/domain/ports.js';
import { createBillingService } from '../src/service/billing-service.js';
import { pgliteClient, PreparedStatements, simpleCommand } from '../src/storage/pglite-client.js';
import { startPgliteEngine } from '../src/storage/pglite-engine.js';
import type { SqlClient } from '../src/storage/sql-client.js';
import { openSqlStore } from '../src/storage/sql-store.js';
import { anItem, at } from './support/addons.js';
import { deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { freshOrg } from './support/records.js';

// Statements per delivery, counted where they leave for the database: every query of the SQL
// client, and BEGIN and COMMIT of each transaction. The figures are in docs/benchmarks.md.

/** A PGlite store in memory that counts every statement it sends. */
async function countingStore(): Promise<{ store: BillingStore; count: () => number; reset: () => void }> {
  const db = await startPgliteEngine('memory://');
  const prepared = new PreparedStatements();
  let statements = 0;
  const counted = (sql: SqlClient): SqlClient => ({
    query: (text, params) => ((statements += 1), sql.query(text, params)),
    exec: (script) => ((statements += 1), sql.exec(script)),
  });
  const store = await openSqlStore({
    kind: 'pglite',
    inTransaction: (fn) =>
      db.runExclusive(async () => {
        statements += 1;
        await simpleCommand(db, 'BEGIN');
        try {
          const { value: result, last } = await fn(counted(pgliteClient(db, prepared)));
          await last;
          statements += 1;
          await simpleCommand(db, 'COMMIT');
          return result;
        } catch (error) {
          await simpleCommand(db, 'ROLLBACK');
          throw error;
        }
      }),
    selectOne: () => db.runExclusive(() => simpleCommand(db, 'SELECT 1')),
    durability: async () => ({ durable: false, reason: 'in memory' }),
    close: () => db.close(),
  });
  return { store, count: () => statements, reset: () => (statements = 0) };
}

/** A service whose deliveries go alone (windowMs 0) or grouped. */
function service(store: BillingStore, windowMs: number) {
  const org = freshOrg('count');
  const secret = `whsec_${org}`;
  let tick = 1000;
  const billing: BillingService = createBillingService({
    store,
    config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
    clock: () => at(tick++),
    codecs: testCodecs,
    ...(windowMs > 0 ? { ingestGroup: { maxSize: 64, windowMs } } : {}),
  });
  return (event: BillingEvent) => billing.webhooks.handle(deliveryOf(event, secret));
}

const N = 32;
/** N new subscriptions, each with one add-on (the heavy path of the ingest benchmark). */
const newSubscriptions = (prefix: string) =>
  Array.from({ length: N }, (_, i) => ({
    ...upsertEvent(`${prefix}_${i}`, 1, { items: [anItem({ externalId: `item_${i}` })] }),
    subscriptionExternalId: `sub_${prefix}_${i}`,
  }));
const payments = (prefix: string) =>
  Array.from({ length: N }, (_, i) => ({ ...paymentEvent(`${prefix}_pay_${i}`, 2, false), subscriptionExternalId: `sub_${prefix}_${i}` }));

describe('statements per delivery (PGlite, counted at the SQL client)', () => {
  let counting: Awaited<ReturnType<typeof countingStore>>;
  beforeAll(async () => {
    counting = await countingStore();
  });
  afterAll(async () => {
    await counting.store.close();
  });

  it('alone: a new subscription is BEGIN, the claim, COMMIT (3); an event for a known one BEGIN, the claim, the write, COMMIT (4)', async () => {
    const send = service(counting.store, 0);
    counting.reset();
    const created = await Promise.all(newSubscriptions('alone').map(send));
    expect(created.every((a) => a.code === 'webhook.applied')).toBe(true);
    expect(counting.count() / N).toBe(3);
    counting.reset();
    const paid = await Promise.all(payments('alone').map(send));
    expect(paid.every((a) => a.code === 'webhook.applied')).toBe(true);
    expect(counting.count() / N).toBe(4);
  });

  it('grouped: BEGIN, one claim for the whole group, COMMIT (3 for 32 new subscriptions); known subscriptions add one write for the group (4)', async () => {
    const send = service(counting.store, 50);
    counting.reset();
    const created = await Promise.all(newSubscriptions('grouped').map(send));
    expect(created.every((a) => a.code === 'webhook.applied')).toBe(true);
    expect(counting.count()).toBe(3);
    counting.reset();
    const paid = await Promise.all(payments('grouped').map(send));
    expect(paid.every((a) => a.code === 'webhook.applied')).toBe(true);
    expect(counting.count()).toBe(4);
  });

  it('grouped, two events of one subscription: the later one is folded in memory onto the state the first left (BEGIN, one claim, one write, COMMIT: 4 for 64)', async () => {
    const send = service(counting.store, 50);
    const events = newSubscriptions('pairs');
    counting.reset();
    const acks = await Promise.all([...events, ...payments('pairs')].map(send));
    expect(acks.every((a) => a.code === 'webhook.applied')).toBe(true);
    // NOTE: before the later events were folded in memory, each took a SAVEPOINT, a claim and a write (3N + 3 = 99).
    expect(counting.count()).toBe(4);
  });

  it('a duplicate is the claim alone', async () => {
    const send = service(counting.store, 0);
    const [first] = newSubscriptions('dup');
    await send(first!);
    counting.reset();
    expect((await send(first!)).code).toBe('webhook.duplicate');
    expect(counting.count()).toBe(3);
  });
});
