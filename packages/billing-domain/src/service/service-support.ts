import { randomBytes } from 'node:crypto';
import type { Outcome } from '../contract.js';
import type { BillingStore } from '../domain/ports.js';

/** Runs a service call; a thrown error (storage down) is reported to `onError` and answered as unavailable. */
export type StorageGuard = <T>(work: () => Promise<Outcome<T>>) => Promise<Outcome<T>>;

/**
 * The guard of every service call that reaches storage: expected outcomes stay values, and a store
 * that throws becomes `storage.unavailable` (nothing is half-applied: the work ran in one transaction).
 * @example const guarded = storageGuard(log); await guarded(() => read())
 */
export function storageGuard(onError?: (error: unknown) => void): StorageGuard {
  return async (work) => {
    try {
      return await work();
    } catch (error) {
      onError?.(error);
      return { ok: false, error: { code: 'storage.unavailable', message: 'storage is unavailable, retry later' } };
    }
  };
}

/**
 * The key that signs page tokens, created on first use and stored, so that every process sharing the
 * store accepts the others' tokens. It never changes once stored, so it is read once per service; a
 * failed read is tried again on the next call.
 * @example const key = pageTokenKey(store); signListToken(await key(), scope, cursor)
 */
export function pageTokenKey(store: BillingStore): () => Promise<Uint8Array> {
  let stored: Promise<Uint8Array> | undefined;
  return () => {
    if (stored === undefined) {
      const pending = store.transaction((uow) => uow.pageTokenKey.getOrCreate(randomBytes(32)));
      stored = pending;
      pending.catch(() => {
        if (stored === pending) stored = undefined;
      });
    }
    return stored;
  };
}
