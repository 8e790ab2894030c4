import { groupCommit, type GroupCommitOptions } from '../../src/storage/group-commit.js';
import type { BillingStore } from '../../src/domain/ports.js';

/**
 * The store with every transaction going through group commit, in arrival order: a contract suite
 * run on it exercises the grouped path (savepoint per piece, one commit per group) for everything.
 * @example describeWebhookProcessing(() => groupedStore(store))
 */
export function groupedStore(store: BillingStore, options: GroupCommitOptions = { maxSize: 64, windowMs: 2 }): BillingStore {
  const group = groupCommit(store, options);
  let arrival = 0;
  return { ...store, transaction: (work) => group.run(String(arrival++).padStart(12, '0'), work) };
}
