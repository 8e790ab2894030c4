import { customerEndReached, type AddonState } from './addon-state.js';
import { scheduledEndPassed } from './transitions.js';
import { sameFields } from './same-fields.js';
import type { BillingEvent } from './billing-event.js';
import type { FoldCheckpoint, FoldedState, SubscriptionRecord } from './ports.js';
import { applyEvent, createSubscription, type EffectContext } from './event-effects.js';

export type { FoldCheckpoint, FoldedState } from './ports.js';

/** One step of the fold: `event` applied to `state` (null before the subscription exists). */
function foldStep(organizationId: string, state: FoldedState | null, event: BillingEvent, ctx: EffectContext): FoldedState | null {
  if (event.kind === 'ignored') return state;
  if (state === null) {
    if (event.kind !== 'subscription.upserted') return null;
    const created = createSubscription(organizationId, event, ctx);
    return { subscription: created.subscription, addons: created.created };
  }
  const effects = applyEvent(state.subscription, state.addons, event, ctx);
  const byId = new Map(effects.updated.map((a) => [a.id, a]));
  return { subscription: effects.subscription, addons: [...state.addons.map((a) => byId.get(a.id) ?? a), ...effects.created] };
}

/**
 * Folds events, already in time order, from nothing: the first snapshot creates the
 * subscription; events before it have nothing to act on and are skipped, as in live processing.
 * @example foldEvents('org_1', [created, paymentFailed], ctx)?.addons[0]?.addonStatus // 'ADDON_STATUS_PAST_DUE'
 */
export function foldEvents(organizationId: string, events: readonly BillingEvent[], ctx: EffectContext): FoldedState | null {
  return foldFrom(organizationId, null, events, ctx).state;
}

/**
 * Folds events, already in time order and all later than `start` (a checkpoint's state, or null
 * for nothing), and also answers the state after the last event that occurred at or before
 * `horizon` (milliseconds), as the checkpoint a later fold may start from; null when there is none.
 * NOTE: the fold depends on the events and their order, not on when it runs (`ctx.now` only
 * stamps updateTime and createTime, which the merge does not compare), so folding from a
 * checkpoint made earlier gives what folding everything from nothing gives.
 * @example foldFrom('org_1', checkpoint.state, newerEvents, ctx, Number.NEGATIVE_INFINITY).state
 */
export function foldFrom(
  organizationId: string,
  start: FoldedState | null,
  events: readonly BillingEvent[],
  ctx: EffectContext,
  horizon = Number.NEGATIVE_INFINITY,
): { state: FoldedState | null; checkpoint: FoldCheckpoint | null } {
  let state = start;
  let checkpoint: FoldCheckpoint | null = null;
  for (const event of events) {
    state = foldStep(organizationId, state, event, ctx);
    if (state !== null && event.occurredAt.getTime() <= horizon) checkpoint = { foldedThrough: event.occurredAt.toISOString(), state };
  }
  return { state, checkpoint };
}

/** Rows to write so the store holds the folded state under the ids it already uses. */
export interface ReplayWrites {
  subscription: SubscriptionRecord;
  inserted: AddonState[];
  updated: AddonState[];
}


/** Re-applies a customer's `:cancel`, which is not among the provider events a replay folds. */
function withCustomerRequest(folded: AddonState, current: AddonState, now: Date): AddonState {
  // NOTE: ended by the customer's request (a later period began), which no provider event
  // carries: a refold cannot revive it, since CANCELED is final.
  if (current.addonStatus === 'ADDON_STATUS_CANCELED' && folded.addonStatus !== 'ADDON_STATUS_CANCELED') {
    return { ...current, subscriptionId: folded.subscriptionId };
  }
  const requested = current.canceledAt;
  if (folded.addonStatus !== 'ADDON_STATUS_CANCELED' && !folded.cancelAtPeriodEnd) {
    const asked: AddonState = { ...folded, cancelAtPeriodEnd: true, canceledAt: requested, cancelOrigin: 'customer' };
    const start = folded.startDate === null ? null : new Date(folded.startDate);
    return start !== null && customerEndReached(asked, start) ? scheduledEndPassed(asked, now, start) : asked;
  }
  const first = folded.canceledAt !== null && requested !== null && folded.canceledAt < requested ? folded.canceledAt : requested;
  return { ...folded, canceledAt: first ?? folded.canceledAt, cancelOrigin: 'customer' };
}

/**
 * Maps a folded state onto the stored rows: add-ons match by externalId in creation order and
 * keep their ids and createTime; a customer's own scheduled cancellation (not an event) is kept
 * on add-ons that are still live.
 * @example mergeReplay(stored, storedAddons, folded, now).updated
 */
export function mergeReplay(
  stored: SubscriptionRecord,
  storedAddons: readonly AddonState[],
  folded: FoldedState,
  now: Date,
): ReplayWrites {
  const at = now.toISOString();
  const unmatched = [...storedAddons];
  const inserted: AddonState[] = [];
  const updated: AddonState[] = [];
  for (const next of folded.addons) {
    const index = unmatched.findIndex((a) => a.externalId === next.externalId);
    const current = index >= 0 ? unmatched.splice(index, 1)[0] : undefined;
    if (current === undefined) {
      inserted.push({ ...next, subscriptionId: stored.id, createTime: at, updateTime: at });
      continue;
    }
    let merged: AddonState = { ...next, id: current.id, name: current.name, subscriptionId: stored.id, createTime: current.createTime };
    if (current.cancelOrigin === 'customer') merged = withCustomerRequest(merged, current, now);
    if (!sameFields(merged, current, ['updateTime'])) updated.push({ ...merged, updateTime: at });
  }
  const subscription: SubscriptionRecord = {
    ...folded.subscription,
    id: stored.id,
    createTime: stored.createTime,
    updateTime: at,
  };
  return { subscription, inserted, updated };
}
