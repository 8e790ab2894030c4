import type { AddonState } from '../domain/addon-state.js';
import type { ProviderName } from '../contract.js';
import type { SubscriptionRecord, WebhookEventStatus } from '../domain/ports.js';
import { recordType, toRowJson } from './columns.js';
import type { SqlClient } from './sql-client.js';
import { ADDON_TABLE, SUBSCRIPTION_TABLE } from './tables.js';

const SUBSCRIPTION_FIELDS = recordType(SUBSCRIPTION_TABLE);
const ADDON_FIELDS = recordType(ADDON_TABLE);

const names = (fields: string): string[] => fields.split(',').map((f) => f.trim().split(/\s+/)[0] ?? '');
const list = (fields: string): string => names(fields).join(', ');
const assign = (fields: string, from: string): string =>
  names(fields).filter((n) => n !== 'id').map((n) => `${n} = ${from}.${n}`).join(', ');

// NOTE: the planner expects 100 rows from any JSON array and would rather scan all the
// organization's rows than look up so many keys; the keys as a text[] parameter (`$n+1`) make it
// use the primary key.
const ids = (n: number): string => `$${n + 1}::text[]`;

/** One kind of write: the statement for its rows, a JSON array in `$n` (updates: their keys in `$n+1`). */
type WriteKind = 'newSubscriptions' | 'changedSubscriptions' | 'newAddons' | 'changedAddons' | 'eventStatuses';

const WRITES: Record<WriteKind, (n: number) => string> = {
  newSubscriptions: (n) => `INSERT INTO subscriptions (organization_id, ${list(SUBSCRIPTION_FIELDS)})
    SELECT $1, ${list(SUBSCRIPTION_FIELDS)} FROM jsonb_to_recordset($${n}::jsonb) AS s(${SUBSCRIPTION_FIELDS})`,
  changedSubscriptions: (n) => `UPDATE subscriptions t SET ${assign(SUBSCRIPTION_FIELDS, 's')}
    FROM jsonb_to_recordset($${n}::jsonb) AS s(${SUBSCRIPTION_FIELDS})
    WHERE t.organization_id = $1 AND t.id = ANY(${ids(n)}) AND t.id = s.id`,
  newAddons: (n) => `INSERT INTO addon_subscriptions (organization_id, ${list(ADDON_FIELDS)})
    SELECT $1, ${list(ADDON_FIELDS)} FROM jsonb_to_recordset($${n}::jsonb) AS a(${ADDON_FIELDS})`,
  changedAddons: (n) => `UPDATE addon_subscriptions t SET ${assign(ADDON_FIELDS, 'a')}
    FROM jsonb_to_recordset($${n}::jsonb) AS a(${ADDON_FIELDS})
    WHERE t.organization_id = $1 AND t.id = ANY(${ids(n)}) AND t.id = a.id`,
  eventStatuses: (n) => `UPDATE webhook_events t SET status = e.status
    FROM jsonb_to_recordset($${n}::jsonb) AS e(provider text, event_id text, status text)
    WHERE t.organization_id = $1 AND t.event_id = ANY(${ids(n)}) AND t.provider = e.provider
      AND t.event_id = e.event_id`,
};

/** A row's key among its organization's rows: the id, or an event's id (its provider is joined on). */
const keyOf = (row: Record<string, unknown>): string => String(row.id ?? row.event_id);

const UPDATES: readonly WriteKind[] = ['changedSubscriptions', 'changedAddons', 'eventStatuses'];

/**
 * One statement for the kinds of write present, each a data-modifying CTE; every row is scoped by
 * the organization in $1. The add-ons' foreign key is checked at the end of the statement, so a
 * subscription inserted here may carry add-ons inserted here. Each row appears at most once (see
 * WriteBatch). At most 31 distinct texts, each prepared once per connection.
 */
function flushStatement(kinds: readonly WriteKind[]): string {
  let n = 2;
  const ctes = kinds.map((kind) => {
    const cte = `${kind} AS (${WRITES[kind](n)})`;
    n += UPDATES.includes(kind) ? 2 : 1;
    return cte;
  });
  return `WITH ${ctes.join(',\n  ')}\n  SELECT 1`;
}

const subscriptionJson = (s: SubscriptionRecord) => toRowJson(SUBSCRIPTION_TABLE, s);
const addonJson = (a: AddonState) => toRowJson(ADDON_TABLE, a);

/** One version of a row waiting to be written: its state, whether the row is new, and the change it belongs to. */
interface RowWrite<T> {
  row: T;
  insert: boolean;
  change: number;
}

/** The writes of one organization waiting for the next flush. */
interface OrganizationWrites {
  subscriptions: Map<string, RowWrite<SubscriptionRecord>[]>;
  addons: Map<string, RowWrite<AddonState>[]>;
  statuses: Map<string, { provider: ProviderName; event_id: string; status: WebhookEventStatus }>;
}

/** Buffered writes of one transaction; see writeBatch. */
export interface WriteBatch {
  insertSubscription(subscription: SubscriptionRecord): void;
  updateSubscription(subscription: SubscriptionRecord): void;
  insertAddon(addon: AddonState): void;
  updateAddon(addon: AddonState): void;
  setEventStatus(organizationId: string, provider: ProviderName, eventId: string, status: WebhookEventStatus): void;
  /** The writes so far are one change; a later write of a row they wrote is a version of its own, written after them. */
  endChange(): void;
  /** Writes everything buffered: per organization, one statement per version of the most-changed row (usually one). */
  flush(): Promise<void>;
}

function remember<T>(rows: Map<string, RowWrite<T>[]>, id: string, row: T, insert: boolean, change: number): void {
  const versions = rows.get(id);
  if (versions === undefined) return void rows.set(id, [{ row, insert, change }]);
  const last = versions[versions.length - 1]!;
  // NOTE: every write replaces the whole row, so within one change the last one wins (an insert
  // stays an insert); a later change is written after it, so the row goes through each change
  // (and the outbox reports each) as it would with a transaction per change.
  if (last.change === change) last.row = row;
  else versions.push({ row, insert: false, change });
}

/**
 * Write-behind for one transaction: writes are kept in memory and sent together, in one statement,
 * before the transaction's next read and before it commits. A transaction thus pays one round trip
 * for all its writes; the outcome is the same, since nothing is read in between and all of it
 * commits or rolls back together. A failed write surfaces at the flush and fails the transaction.
 * @example const batch = writeBatch(sql); batch.updateAddon(addon); await batch.flush()
 */
export function writeBatch(sql: SqlClient): WriteBatch {
  const byOrganization = new Map<string, OrganizationWrites>();
  let change = 0;
  const of = (organizationId: string): OrganizationWrites => {
    let writes = byOrganization.get(organizationId);
    if (writes === undefined) {
      writes = { subscriptions: new Map(), addons: new Map(), statuses: new Map() };
      byOrganization.set(organizationId, writes);
    }
    return writes;
  };
  return {
    insertSubscription: (s) => remember(of(s.organizationId).subscriptions, s.id, s, true, change),
    updateSubscription: (s) => remember(of(s.organizationId).subscriptions, s.id, s, false, change),
    insertAddon: (a) => remember(of(a.organizationId).addons, a.id, a, true, change),
    updateAddon: (a) => remember(of(a.organizationId).addons, a.id, a, false, change),
    endChange: () => void (change += 1),
    setEventStatus(organizationId, provider, eventId, status) {
      of(organizationId).statuses.set(JSON.stringify([provider, eventId]), { provider, event_id: eventId, status });
    },
    async flush() {
      const pending = [...byOrganization];
      byOrganization.clear();
      // NOTE: every statement is sent before any answer is awaited (they run in order on the one
      // connection), so the store can send COMMIT right behind them.
      const sent: Promise<unknown>[] = [];
      for (const [organizationId, writes] of pending) {
        const subscriptionVersions = [...writes.subscriptions.values()];
        const addonVersions = [...writes.addons.values()];
        const layers = Math.max(1, ...subscriptionVersions.map((v) => v.length), ...addonVersions.map((v) => v.length));
        for (let layer = 0; layer < layers; layer += 1) {
          const subscriptions = subscriptionVersions.flatMap((v) => v.slice(layer, layer + 1));
          const addons = addonVersions.flatMap((v) => v.slice(layer, layer + 1));
          const rows: Record<WriteKind, unknown[]> = {
            newSubscriptions: subscriptions.filter((w) => w.insert).map((w) => subscriptionJson(w.row)),
            changedSubscriptions: subscriptions.filter((w) => !w.insert).map((w) => subscriptionJson(w.row)),
            newAddons: addons.filter((w) => w.insert).map((w) => addonJson(w.row)),
            changedAddons: addons.filter((w) => !w.insert).map((w) => addonJson(w.row)),
            eventStatuses: layer === 0 ? [...writes.statuses.values()] : [],
          };
          const kinds = (Object.keys(rows) as WriteKind[]).filter((kind) => rows[kind].length > 0);
          if (kinds.length === 0) continue;
          const params: unknown[] = [organizationId];
          for (const kind of kinds) {
            params.push(JSON.stringify(rows[kind]));
            if (UPDATES.includes(kind)) params.push(rows[kind].map((row) => keyOf(row as Record<string, unknown>)));
          }
          sent.push(sql.query(flushStatement(kinds), params));
        }
      }
      await Promise.all(sent);
    },
  };
}
