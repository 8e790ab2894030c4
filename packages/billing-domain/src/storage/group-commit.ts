import type { BillingStore, ClaimRequest, EventClaim, UnitOfWork } from '../domain/ports.js';
import { SavepointLostError } from './savepoint.js';
import { subscriptionLockKey } from './subscription-lock.js';

/** How deliveries are grouped into shared transactions. */
export interface GroupCommitOptions {
  /** Most deliveries in one transaction (BILLING_INGEST_GROUP_MAX, default 64). */
  maxSize: number;
  /** Milliseconds a group waits for company (BILLING_INGEST_GROUP_WINDOW_MS, default 1); 0: off. */
  windowMs: number;
  /** Groups committing at once: PGlite 1 (one connection), PostgreSQL 8 (of the pool's 10). */
  maxConcurrent?: number;
  /** Told the size of every group after its commit (for logs and metrics). */
  onCommit?: (size: number) => void;
  /**
   * Told when the claim together of a group failed (the group then runs again, a savepoint per
   * delivery): its size and the error (for logs; one bad delivery, a deadlock, or a fault).
   */
  onFallback?: (size: number, error: unknown) => void;
}

export const DEFAULT_GROUP_COMMIT: GroupCommitOptions = { maxSize: 64, windowMs: 1 };

/** Runs pieces of work, each as if in its own transaction, sharing commits with its neighbours. */
export interface GroupCommit {
  /**
   * Resolves with `work`'s result once the transaction holding it has committed; rejects when it
   * threw (its effects rolled back alone) or when the whole group failed (nothing of it kept).
   * `order` sorts a group: pieces run in order of it, so two processes take locks in one order.
   * `claim`, when given, is the claim `work` makes first (`uow.webhookEvents.claim`): the group
   * then claims its pieces' events together, in one call, and `work`'s claim answers from it.
   */
  run<T>(order: string, work: (uow: UnitOfWork) => Promise<T>, claim?: ClaimRequest): Promise<T>;
}

interface Piece {
  order: string;
  work: (uow: UnitOfWork) => Promise<unknown>;
  claim: ClaimRequest | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type Outcomes = Map<Piece, Outcome>;

/** The claimed-together part of a group failed: its transaction is rolled back and the group run again, piece by piece. */
class TogetherFailed extends Error {
  constructor(override readonly cause: unknown) {
    super(`the group's claim together failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'TogetherFailed';
  }
}

const eventKey = ({ event: e }: ClaimRequest): string => JSON.stringify([e.organizationId, e.provider, e.eventId]);

/**
 * The pieces of a sorted group whose events are claimed together: every piece that announced its
 * claim, but of the pieces about one subscription only the first, since a later one must read what
 * the earlier one wrote (a repeat of an event id is kept: its claim reads nothing, it is a
 * duplicate). The others run after them, each in its own savepoint, in order.
 */
function splitGroup(group: readonly Piece[]): { together: Piece[]; after: Piece[] } {
  const subscriptions = new Set<string>();
  const events = new Set<string>();
  const together: Piece[] = [];
  const after: Piece[] = [];
  for (const piece of group) {
    const claim = piece.claim;
    if (claim === undefined) {
      after.push(piece);
      continue;
    }
    const subscription = subscriptionLockKey(claim.event.organizationId, claim.event.provider, claim.event.subscriptionExternalId);
    if (events.has(eventKey(claim)) || !subscriptions.has(subscription)) {
      subscriptions.add(subscription);
      events.add(eventKey(claim));
      together.push(piece);
    } else {
      after.push(piece);
    }
  }
  return { together, after };
}

/**
 * The unit of work a piece claimed together runs with: its claim answers what the group's claim
 * answered for its event, once; claiming any other event fails (and with it the claim together).
 */
function claimedAlready(uow: UnitOfWork, request: ClaimRequest, answer: EventClaim | null) {
  let used = false;
  const view: UnitOfWork = {
    ...uow,
    webhookEvents: {
      ...uow.webhookEvents,
      async claim(event) {
        if (used || eventKey({ event, withPending: false }) !== eventKey(request)) {
          throw new Error(`a piece claimed event ${event.eventId}, not the one it announced (${request.event.eventId}), or twice`);
        }
        used = true;
        return answer;
      },
    },
  };
  return { uow: view, used: () => used };
}

// NOTE: a deadlock (two processes' groups waiting on each other) or a serialization failure
// concerns the timing, not the event: the piece is run again alone, in its own transaction.
const RETRY_ALONE = new Set(['40P01', '40001']);
const retryAlone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && RETRY_ALONE.has(String((error as { code?: unknown }).code));

/**
 * Group commit over a store: what arrives within `windowMs`, or until `maxSize` are waiting,
 * runs in one transaction and commits once; every piece is answered after that commit. The pieces
 * that announced their claim are claimed together by one call (`claimAll`, in the group's order)
 * and then run one after another, their writes sent together; the others (later pieces about a
 * subscription already in the group, pieces without a claim) follow, each in its own savepoint.
 * When anything of the part claimed together fails (the claim, a piece, their writes), the
 * transaction is rolled back and the group runs again with every piece in its own savepoint, so
 * a failing piece is rolled back alone. A group that fails as a whole (its commit, the connection)
 * rejects every piece of it; nothing of it is kept.
 * @example const ingest = groupCommit(store, DEFAULT_GROUP_COMMIT); await ingest.run(key, (uow) => work(uow))
 */
export function groupCommit(store: BillingStore, options: GroupCommitOptions): GroupCommit {
  const alone = <T>(work: (uow: UnitOfWork) => Promise<T>) => store.transaction(work);
  if (options.windowMs <= 0 || options.maxSize <= 1) return { run: (_order, work) => alone(work) };
  const maxConcurrent = options.maxConcurrent ?? (store.kind === 'pglite' ? 1 : 8);
  let waiting: Piece[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = 0;

  const settle = async (piece: Piece, outcome: Outcome) => {
    if (outcome.ok) return piece.resolve(outcome.value);
    if (!retryAlone(outcome.error)) return piece.reject(outcome.error);
    try {
      piece.resolve(await alone(piece.work));
    } catch (error) {
      piece.reject(error);
    }
  };

  /** Each piece in its own savepoint, in order; a piece that fails is rolled back alone. */
  const inSavepoints = async (uow: UnitOfWork, pieces: readonly Piece[], outcomes: Outcomes) => {
    for (const piece of pieces) {
      if (uow.savepoint === undefined) throw new Error('the store has no savepoints');
      try {
        outcomes.set(piece, { ok: true, value: await uow.savepoint(piece.work) });
      } catch (error) {
        if (error instanceof SavepointLostError) throw error;
        outcomes.set(piece, { ok: false, error });
      }
    }
  };

  /** The pieces' claims in one call, then each piece with its claim answered, then their writes. */
  const claimTogether = async (uow: UnitOfWork, pieces: readonly Piece[], outcomes: Outcomes) => {
    try {
      if (uow.savepoint === undefined) throw new Error('the store has no savepoints to fall back on');
      const claims = await uow.webhookEvents.claimAll!(pieces.map((piece) => piece.claim!));
      for (const [i, piece] of pieces.entries()) {
        const view = claimedAlready(uow, piece.claim!, claims[i]!);
        const value = await piece.work(view.uow);
        if (!view.used()) throw new Error(`a piece did not claim the event it announced (${piece.claim!.event.eventId})`);
        outcomes.set(piece, { ok: true, value });
      }
      await uow.flush?.();
    } catch (error) {
      throw new TogetherFailed(error);
    }
  };

  /**
   * Runs `body` in one transaction and answers the group after its commit. False, with nothing
   * answered, when the part claimed together failed (the transaction is rolled back).
   */
  const commit = async (group: readonly Piece[], body: (uow: UnitOfWork, outcomes: Outcomes) => Promise<void>) => {
    const outcomes: Outcomes = new Map();
    try {
      await store.transaction(async (uow) => {
        outcomes.clear();
        await body(uow, outcomes);
      });
    } catch (error) {
      if (error instanceof TogetherFailed) {
        options.onFallback?.(group.length, error.cause);
        return false;
      }
      await Promise.all(group.map((piece) => settle(piece, { ok: false, error })));
      return true;
    }
    options.onCommit?.(group.length);
    await Promise.all(group.map((piece) => settle(piece, outcomes.get(piece)!)));
    return true;
  };

  const commitGroup = async (group: Piece[]) => {
    // NOTE: stable, so pieces with the same order keep their arrival order.
    group.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    const { together, after } = splitGroup(group);
    if (together.length > 0) {
      const answered = await commit(group, async (uow, outcomes) => {
        if (uow.webhookEvents?.claimAll === undefined) return inSavepoints(uow, group, outcomes);
        await claimTogether(uow, together, outcomes);
        await inSavepoints(uow, after, outcomes);
      });
      if (answered) return;
    }
    // NOTE: the fallback, and the path of pieces that announce no claim.
    await commit(group, (uow, outcomes) => inSavepoints(uow, group, outcomes));
  };

  const dispatch = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (waiting.length > 0 && running < maxConcurrent) {
      const group = waiting.slice(0, options.maxSize);
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
    run<T>(order: string, work: (uow: UnitOfWork) => Promise<T>, claim?: ClaimRequest): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ order, work, claim, resolve: resolve as (value: unknown) => void, reject });
        if (waiting.length >= options.maxSize) dispatch();
        else if (timer === undefined && running < maxConcurrent) timer = setTimeout(dispatch, options.windowMs);
      });
    },
  };
}
