import type { BillingStore, ClaimRequest, EventClaim, EventCreates, FoldedState, UnitOfWork, WebhookEventRecord } from '../domain/ports.js';
import { SavepointLostError } from './savepoint.js';
import { subscriptionLockKey } from './subscription-lock.js';

/** How deliveries are grouped into shared transactions. */
export interface GroupCommitOptions {
  /** Most deliveries in one transaction (BILLING_INGEST_GROUP_MAX, default 64). */
  maxSize: number;
  /** Milliseconds a group waits for company (BILLING_INGEST_GROUP_WINDOW_MS, default 1); 0: each delivery alone. */
  windowMs: number;
  /** Groups committing at once: PGlite 1 (one connection), PostgreSQL 8 by default (the server passes min(8, pool size - 2)). */
  maxConcurrent?: number;
  /** Told the size of every group after its commit (for logs and metrics). */
  onCommit?: (size: number) => void;
  /**
   * Told when a group failed before its commit (it then runs again, a savepoint per delivery):
   * its size and the error (for logs; one bad delivery, or a fault).
   */
  onFallback?: (size: number, error: unknown) => void;
  /** Subscriptions remembered as known, so a snapshot for one builds no rows (default 65,536; then forgotten and learned again). */
  knownSubscriptions?: number;
}

export const DEFAULT_GROUP_COMMIT: GroupCommitOptions = { maxSize: 64, windowMs: 1 };

/** What a piece of work leaves: its result, and the state it left its subscription in (null: none known). */
export interface Processed<T> {
  result: T;
  state: FoldedState | null;
}

/**
 * An event to claim: its record and, for a snapshot, how to build what it creates when its
 * subscription is not known. Built only when the claim may need it: not for a subscription this
 * process has seen stored, nor for a later event of a subscription already created in the group.
 */
export interface IngestRequest {
  event: WebhookEventRecord;
  creates?: () => EventCreates;
}

/** Work on one claimed event: its claim (null: a duplicate) inside the group's transaction. */
export type ClaimedWork<T> = (uow: UnitOfWork, claim: EventClaim | null) => Promise<Processed<T>>;

/** Claims events and runs their work, each as if in its own transaction, sharing commits with its neighbours. */
export interface GroupCommit {
  /**
   * Resolves with `work`'s result once the transaction holding it has committed; rejects when it
   * threw (its effects rolled back alone) or when the whole group failed (nothing of it kept).
   * The event is claimed for `work` (made once, with the group's other claims).
   */
  run<T>(request: IngestRequest, work: ClaimedWork<T>): Promise<T>;
}

interface Piece {
  request: IngestRequest;
  /** The subscription's lock key: a group runs in order of it, each subscription's pieces in arrival order. */
  key: string;
  work: ClaimedWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A piece's outcome; `stored`: its claim found or created its subscription (remembered once committed). */
type Outcome = { ok: true; value: unknown; stored: boolean } | { ok: false; error: unknown };

/** The group failed before its commit: its transaction is rolled back and the group runs again, piece by piece. */
class GroupFailed extends Error {
  constructor(override readonly cause: unknown) {
    super(`the group failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'GroupFailed';
  }
}

const byKey = (a: Piece, b: Piece) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Subscription keys a committed claim found or created (bounded: forgotten all at once when full). */
type Known = Set<string>;

type Body = (uow: UnitOfWork, group: readonly Piece[], outcomes: Map<Piece, Outcome>, known: Known) => Promise<void>;

const isStored = (claim: EventClaim | null) => claim !== null && (claim.found !== null || claim.created);

/**
 * The group's claims in one call, then each piece with its claim, in order, then their writes.
 * A piece of a subscription an earlier piece found or created gets that piece's state as its
 * claim's `found` (folded in memory: no read, no write of its own until the group's one flush).
 * Only the first snapshot of a subscription builds the rows it would create, and not when the
 * subscription is known: one that turns out not stored fails the group (it runs again, with rows).
 */
const together: Body = async (uow, group, outcomes, known) => {
  const creating = new Set<string>();
  const requests = group.map(({ request: { event, creates }, key }): ClaimRequest => {
    if (creates === undefined || creating.has(key) || known.has(key)) return { event };
    creating.add(key);
    return { event, creates: creates() };
  });
  const answers = await uow.webhookEvents.claimAll(requests);
  const states = new Map<string, FoldedState>();
  for (const [i, piece] of group.entries()) {
    const answer = answers[i];
    if (answer === undefined) throw new Error(`no claim for event ${piece.request.event.eventId}`);
    let claim: EventClaim | null = answer === 'follows' ? null : answer;
    if (answer === 'follows') {
      const found = states.get(piece.key);
      if (found === undefined) throw new Error(`event ${piece.request.event.eventId} follows a state no earlier piece left`);
      claim = { found, pending: [], created: false };
    } else if (claim !== null && !isStored(claim) && piece.request.creates !== undefined && known.has(piece.key)) {
      known.delete(piece.key);
      throw new Error(`subscription ${piece.key} was remembered as stored but is not`);
    }
    const { result, state } = await piece.work(uow, claim);
    uow.endChange();
    if (state !== null) states.set(piece.key, state);
    outcomes.set(piece, { ok: true, value: result, stored: isStored(claim) });
  }
  await uow.flush();
};

/** Each piece claimed (with its rows) and run in its own savepoint, in order; a piece that fails is rolled back alone. */
const oneByOne: Body = async (uow, group, outcomes) => {
  for (const piece of group) {
    const { event, creates } = piece.request;
    try {
      const [value, stored] = await uow.savepoint(async (inner) => {
        const [answer] = await inner.webhookEvents.claimAll([creates === undefined ? { event } : { event, creates: creates() }]);
        if (answer === undefined || answer === 'follows') throw new Error(`event ${event.eventId} claimed alone follows nothing`);
        return [(await piece.work(inner, answer)).result, isStored(answer)] as const;
      });
      outcomes.set(piece, { ok: true, value, stored });
    } catch (error) {
      if (error instanceof SavepointLostError) throw error;
      outcomes.set(piece, { ok: false, error });
    }
  }
};

/**
 * Group commit over a store: what arrives within `windowMs`, or until `maxSize` are waiting, runs
 * in one transaction and commits once; every piece is answered after that commit. A group runs
 * by subscription, each subscription's pieces in arrival order (as they would run one by one),
 * one way: its claims in one call (which inserts the events and takes the locks in an order of
 * its own, the same in every process, so two processes never wait for each other in a circle),
 * each piece with its claim, each piece's writes a change of its own, all written by one flush
 * (see `together`). When anything of that fails
 * (a claim, a piece, the writes), the transaction is rolled back and the group runs again with
 * every piece claimed in its own savepoint, so a failing piece is rolled back alone. A group that
 * fails as a whole (its commit, the connection) rejects every piece of it; nothing of it is kept.
 * With `windowMs` 0 every delivery is a group of one, on the same path.
 * @example const ingest = groupCommit(store, DEFAULT_GROUP_COMMIT); await ingest.run(request, (uow, claim) => work(uow, claim))
 */
export function groupCommit(store: BillingStore, options: GroupCommitOptions): GroupCommit {
  const maxSize = options.windowMs <= 0 ? 1 : Math.max(1, options.maxSize);
  const maxConcurrent = options.maxConcurrent ?? (store.kind === 'pglite' ? 1 : 8);
  const known: Known = new Set();
  const knownMax = options.knownSubscriptions ?? 65_536;
  let waiting: Piece[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = 0;

  /** Runs `body` in one transaction and answers the group after its commit; false, nothing answered, when `body` failed. */
  const commit = async (group: readonly Piece[], body: Body) => {
    const outcomes = new Map<Piece, Outcome>();
    try {
      await store.transaction(async (uow) => {
        outcomes.clear();
        try {
          await body(uow, group, outcomes, known);
        } catch (error) {
          throw error instanceof SavepointLostError ? error : new GroupFailed(error);
        }
      });
    } catch (error) {
      if (error instanceof GroupFailed && body === together) {
        options.onFallback?.(group.length, error.cause);
        return false;
      }
      for (const piece of group) piece.reject(error instanceof GroupFailed ? error.cause : error);
      return true;
    }
    options.onCommit?.(group.length);
    for (const piece of group) {
      const outcome = outcomes.get(piece)!;
      if (outcome.ok && outcome.stored) {
        if (known.size >= knownMax) known.clear();
        known.add(piece.key);
      }
      if (outcome.ok) piece.resolve(outcome.value);
      else piece.reject(outcome.error);
    }
    return true;
  };

  const commitGroup = async (group: Piece[]) => {
    // NOTE: stable, so pieces with the same order keep their arrival order.
    group.sort(byKey);
    if (!(await commit(group, together))) await commit(group, oneByOne);
  };

  const dispatch = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (waiting.length > 0 && running < maxConcurrent) {
      const group = waiting.slice(0, maxSize);
      waiting = waiting.slice(group.length);
      running += 1;
      void commitGroup(group).finally(() => {
        running -= 1;
        // NOTE: what arrived while this group committed has waited long enough: it goes now.
        if (waiting.length > 0) dispatch();
      });
    }
  };

  return {
    run<T>(request: IngestRequest, work: ClaimedWork<T>): Promise<T> {
      const { organizationId, provider, subscriptionExternalId } = request.event;
      const key = subscriptionLockKey(organizationId, provider, subscriptionExternalId);
      return new Promise<T>((resolve, reject) => {
        waiting.push({ request, key, work: work as ClaimedWork<unknown>, resolve: resolve as (value: unknown) => void, reject });
        if (waiting.length >= maxSize) dispatch();
        else if (timer === undefined && running < maxConcurrent) timer = setTimeout(dispatch, options.windowMs);
      });
    },
  };
}
