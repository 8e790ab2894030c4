import type { BillingStore, UnitOfWork } from '../domain/ports.js';
import { SavepointLostError } from './savepoint.js';

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
}

export const DEFAULT_GROUP_COMMIT: GroupCommitOptions = { maxSize: 64, windowMs: 1 };

/** Runs pieces of work, each as if in its own transaction, sharing commits with its neighbours. */
export interface GroupCommit {
  /**
   * Resolves with `work`'s result once the transaction holding it has committed; rejects when it
   * threw (its effects rolled back alone) or when the whole group failed (nothing of it kept).
   * `order` sorts a group: pieces run in order of it, so two processes take locks in one order.
   */
  run<T>(order: string, work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
}

interface Piece {
  order: string;
  work: (uow: UnitOfWork) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

// NOTE: a deadlock (two processes' groups waiting on each other) or a serialization failure
// concerns the timing, not the event: the piece is run again alone, in its own transaction.
const RETRY_ALONE = new Set(['40P01', '40001']);
const retryAlone = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && RETRY_ALONE.has(String((error as { code?: unknown }).code));

/**
 * Group commit over a store: what arrives within `windowMs`, or until `maxSize` are waiting,
 * runs in one transaction, each piece in its own savepoint, and commits once; every piece is
 * answered after that commit. A group that fails as a whole (its commit, the connection) rejects
 * every piece of it; nothing of it is kept.
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

  const commitGroup = async (group: Piece[]) => {
    // NOTE: stable, so pieces with the same order keep their arrival order.
    group.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    const outcomes: Outcome[] = [];
    try {
      await store.transaction(async (uow) => {
        outcomes.length = 0;
        for (const piece of group) {
          if (uow.savepoint === undefined) throw new Error('the store has no savepoints');
          try {
            outcomes.push({ ok: true, value: await uow.savepoint(piece.work) });
          } catch (error) {
            if (error instanceof SavepointLostError) throw error;
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      await Promise.all(group.map((piece) => settle(piece, { ok: false, error })));
      return;
    }
    options.onCommit?.(group.length);
    await Promise.all(group.map((piece, i) => settle(piece, outcomes[i]!)));
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
    run<T>(order: string, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ order, work, resolve: resolve as (value: unknown) => void, reject });
        if (waiting.length >= options.maxSize) dispatch();
        else if (timer === undefined && running < maxConcurrent) timer = setTimeout(dispatch, options.windowMs);
      });
    },
  };
}
