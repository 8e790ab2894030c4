import type { ProviderName } from '../contract.js';

/**
 * The text whose hash keys the advisory lock that serializes events about one provider subscription.
 * @example subscriptionLockKey('org_1', 'stripe', 'sub_1') // '["org_1","stripe","sub_1"]'
 */
export function subscriptionLockKey(organizationId: string, provider: ProviderName, externalId: string): string {
  return JSON.stringify([organizationId, provider, externalId]);
}

/** SQL taking that lock for the key in parameter `$n`, until the transaction ends. */
export const lockSubscriptionSql = (n: number): string => `pg_advisory_xact_lock(hashtextextended($${n}, 0))`;
