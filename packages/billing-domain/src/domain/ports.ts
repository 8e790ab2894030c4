import type { AddonState } from './addon-state.js';
import type { AddonStatus, ProviderName } from '../contract.js';
import type { EventOutbox } from '../events/event-ports.js';

/**
 * The ports the core owns, in its own language (states and records, never rows or SQL); the
 * adapters in `storage/` implement them, the contract suites in `test/` hold every adapter to them.
 */

/** A parent VM subscription as the provider last reported it. Dates are RFC 3339 strings. */
export interface SubscriptionRecord {
  organizationId: string;
  /** Our id. */
  id: string;
  provider: ProviderName;
  /** The provider's id. */
  externalId: string;
  name: string;
  /** The provider's status string, as sent. */
  providerStatus: string;
  /** The provider status on the add-on scale. */
  status: AddonStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  canceledAt: string | null;
  /** Occurrence time of the last event applied; older events are stored, not applied. */
  lastEventAt: string;
  createTime: string;
  updateTime: string;
}

/** A subscription and its add-ons as a sequence of events leaves them (see replay.ts). */
export interface FoldedState {
  subscription: SubscriptionRecord;
  addons: AddonState[];
}

/** A fold stopped after every event that occurred at or before `foldedThrough` (RFC 3339). */
export interface FoldCheckpoint {
  foldedThrough: string;
  state: FoldedState;
}

/** What became of a received webhook event. */
export type WebhookEventStatus = 'applied' | 'duplicate' | 'stored' | 'ignored' | 'pending';

/** One received event, unique per (organizationId, provider, eventId). */
export interface WebhookEventRecord {
  organizationId: string;
  provider: ProviderName;
  eventId: string;
  eventType: string;
  occurredAt: string;
  subscriptionExternalId: string;
  /** The normalized event (see event-codec.ts). */
  payload: unknown;
  status: WebhookEventStatus;
  receivedAt: string;
}

/** Locking for reads inside a transaction. */
export interface ReadOptions {
  /** Lock what is read until the transaction ends: concurrent writers of it wait for this transaction. */
  forUpdate?: boolean;
}

/** Keyset position in the newest-first add-on listing. */
export interface AddonListCursor {
  createTime: string;
  id: string;
}

export interface AddonSubscriptionRepository {
  findById(organizationId: string, id: string, options?: ReadOptions): Promise<AddonState | null>;
  /** All add-ons of one parent, canceled ones included. */
  listBySubscription(organizationId: string, subscriptionId: string, options?: ReadOptions): Promise<AddonState[]>;
  /** Newest first (createTime desc, id desc), strictly after `after` when given. */
  listPage(
    organizationId: string,
    query: { subscriptionId?: string; externalSubscriptionId?: string; limit: number; after?: AddonListCursor },
  ): Promise<AddonState[]>;
  insert(addon: AddonState): Promise<void>;
  /** Replaces the stored state of the add-on with the same organization and id. */
  update(addon: AddonState): Promise<void>;
}

export interface SubscriptionRepository {
  findById(organizationId: string, id: string, options?: ReadOptions): Promise<SubscriptionRecord | null>;
  findByExternalId(
    organizationId: string,
    provider: ProviderName,
    externalId: string,
    options?: ReadOptions,
  ): Promise<SubscriptionRecord | null>;
  /**
   * The subscription and all its add-ons (in listing order: createTime, then id), both locked
   * FOR UPDATE, parent first; null when the subscription is not known.
   */
  findByExternalIdWithAddons(
    organizationId: string,
    provider: ProviderName,
    externalId: string,
  ): Promise<{ subscription: SubscriptionRecord; addons: AddonState[] } | null>;
  insert(subscription: SubscriptionRecord): Promise<void>;
  update(subscription: SubscriptionRecord): Promise<void>;
  /** The replay checkpoint of a subscription (our id), null when it has none. */
  findCheckpoint(organizationId: string, subscriptionId: string): Promise<FoldCheckpoint | null>;
  /** Replaces the subscription's replay checkpoint. */
  saveCheckpoint(organizationId: string, subscriptionId: string, checkpoint: FoldCheckpoint): Promise<void>;
}

/** What claiming a fresh event read, under the subscription's key lock. */
export interface EventClaim {
  /** The subscription and its add-ons (listing order), both locked FOR UPDATE; null when not known. */
  found: FoldedState | null;
  /** When the event created its subscription: the other events that waited for it, oldest first (occurredAt, then receivedAt). */
  pending: WebhookEventRecord[];
  /** True when the subscription was not known and the request's `creates` are written; the event is `applied`. */
  created: boolean;
}

/**
 * What `claimAll` answers for one request: null for an event already recorded (a duplicate);
 * `'follows'` when an earlier request of the same call found or created its subscription: no read
 * was made, the caller carries on the state that earlier event left.
 */
export type ClaimAnswer = EventClaim | 'follows' | null;

/** What an event creates when its subscription is not known yet (see `WebhookEventStore.claimAll`). */
export interface EventCreates {
  subscription: SubscriptionRecord;
  addons: AddonState[];
}

/** One event to claim, and what it creates when its subscription is not known. */
export interface ClaimRequest {
  event: WebhookEventRecord;
  creates?: EventCreates;
}

export interface WebhookEventStore {
  /**
   * Claims events, in the order given, as if one after another: each is recorded unless it is
   * already (an id repeated within the call counts as recorded); for a fresh event about a
   * subscription (status not `ignored`) the subscription's key lock is taken, in order of first
   * appearance, and then the subscription and its add-ons are read (locked FOR UPDATE) at its
   * first fresh event. A subscription not known is created by its first fresh event with `creates`:
   * its rows are written, that event marked `applied`, and the events that waited for it listed
   * (without the later events of the same call). One round trip on a SQL store; any failure fails
   * the whole call, and what it did is rolled back with the caller's transaction or savepoint.
   */
  claimAll(requests: readonly ClaimRequest[]): Promise<ClaimAnswer[]>;
  /**
   * Records the event unless it is already recorded (then false, and nothing changes). When it is new
   * and about a subscription (status not `ignored`), the same statement also takes the
   * subscription's key lock (see `UnitOfWork.lockSubscriptionKey`).
   */
  insertIfAbsent(event: WebhookEventRecord): Promise<boolean>;
  setStatus(organizationId: string, provider: ProviderName, eventId: string, status: WebhookEventStatus): Promise<void>;
  find(organizationId: string, provider: ProviderName, eventId: string): Promise<WebhookEventRecord | null>;
  /** Pending events of one subscription, oldest first (occurredAt, then receivedAt). */
  listPending(organizationId: string, provider: ProviderName, subscriptionExternalId: string): Promise<WebhookEventRecord[]>;
  /**
   * The applied and stored events of one subscription, oldest first (occurredAt, then receivedAt);
   * with `after` (RFC 3339), only those that occurred later than it.
   */
  listHistory(organizationId: string, provider: ProviderName, subscriptionExternalId: string, after?: string): Promise<WebhookEventRecord[]>;
}

/** The server key that signs page tokens, one per database. */
export interface PageTokenKeyStore {
  /** The stored key; `candidate` (32 random bytes) becomes it when there is none yet. */
  getOrCreate(candidate: Uint8Array): Promise<Uint8Array>;
}

/** The repositories bound to one open transaction. */
export interface UnitOfWork {
  addons: AddonSubscriptionRepository;
  subscriptions: SubscriptionRepository;
  webhookEvents: WebhookEventStore;
  pageTokenKey: PageTokenKeyStore;
  /** The outbox of events to other systems and their destinations (add-on events are written with the add-on). */
  events: EventOutbox;
  /** Serializes transactions about one provider subscription (a transaction-scoped advisory lock). */
  lockSubscriptionKey(organizationId: string, provider: ProviderName, externalId: string): Promise<void>;
  /**
   * Runs `work` inside a savepoint of this transaction: when it throws, its effects alone are
   * rolled back and the error is rethrown; the transaction goes on (see group-commit.ts).
   */
  savepoint<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /** Sends the writes buffered so far now, so that a failing write surfaces here and not at commit. */
  flush(): Promise<void>;
  /**
   * The writes so far are one change (one event's): a later write of a row they wrote is written
   * after them, as a change of its own, so the row (and the outbox) goes through each change as
   * it would with a transaction per event.
   */
  endChange(): void;
}

/** Which engine a store runs on. */
export type StoreKind = 'pglite' | 'postgres';

/** Migrations applied by one run. */
export interface MigrationReport {
  /** File names applied now, in order. */
  applied: string[];
  /** All recorded migrations after the run. */
  total: number;
}

/** An open database with the billing schema. */
/**
 * Whether the store's commits survive a power cut once they return: `durable`, or why not (for
 * the operator: the server logs it at start, since a 2xx is only as durable as the commit).
 */
export type StoreDurability = { durable: true } | { durable: false; reason: string };

export interface BillingStore {
  readonly kind: StoreKind;
  /** Runs `work` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` after each transaction that wrote add-ons (and so, by the outbox triggers,
   * may have written events) has committed; returns the call that removes it. The deliverer is
   * woken this way, so a local change is delivered without waiting for its next poll.
   */
  onEventsCommitted(listener: () => void): () => void;
  /** True when the database answers. Never throws. */
  ping(): Promise<boolean>;
  /** Statements sent to the database so far by transactions (BEGIN and COMMIT or ROLLBACK included), for metrics. */
  statementCount(): number;
  /** Applies pending migrations (already done by `openStore`; safe to repeat). */
  migrate(): Promise<MigrationReport>;
  /** What opening the store applied (the run `openStore` made). */
  readonly openingMigrations: MigrationReport;
  /** Whether a commit is on disk when it returns, as found when the store was opened. */
  readonly durability: StoreDurability;
  close(): Promise<void>;
}
