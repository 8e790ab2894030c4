import type { AddonState } from './addon-state.js';
import { reconcileAddons, type SubscriptionSnapshot } from './snapshot.js';
import { paymentFailed, paymentSucceeded, providerCanceled, statusAfterPayment } from './transitions.js';
import type { BillingEvent } from './billing-event.js';
import type { SubscriptionRecord } from './ports.js';

/** An event that changes a subscription (everything but `ignored`). */
export type SubscriptionEvent = Exclude<BillingEvent, { kind: 'ignored' }>;
export type UpsertEvent = Extract<BillingEvent, { kind: 'subscription.upserted' }>;

/** The new state of one subscription and its add-ons after an event. */
export interface EventEffects {
  subscription: SubscriptionRecord;
  created: AddonState[];
  updated: AddonState[];
}

/** Processing context. */
export interface EffectContext {
  now: Date;
  newId: () => string;
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

function snapshotFields(snapshot: SubscriptionSnapshot, previous: SubscriptionRecord | null, occurredAt: Date) {
  const ending = snapshot.cancelAtPeriodEnd || snapshot.addonStatus === 'ADDON_STATUS_CANCELED';
  return {
    name: snapshot.name,
    providerStatus: snapshot.providerStatus,
    status: previous?.status === 'ADDON_STATUS_CANCELED' ? previous.status : snapshot.addonStatus,
    cancelAtPeriodEnd: snapshot.addonStatus === 'ADDON_STATUS_CANCELED' ? false : snapshot.cancelAtPeriodEnd,
    currentPeriodStart: iso(snapshot.currentPeriodStart),
    currentPeriodEnd: iso(snapshot.currentPeriodEnd),
    canceledAt: ending ? (iso(snapshot.canceledAt) ?? previous?.canceledAt ?? occurredAt.toISOString()) : null,
  };
}

/**
 * A subscription first seen in a `subscription.upserted` event, with its add-ons.
 * @example createSubscription('org_1', event, ctx).created.length
 */
export function createSubscription(organizationId: string, event: UpsertEvent, ctx: EffectContext): EventEffects {
  const at = ctx.now.toISOString();
  const subscription: SubscriptionRecord = {
    organizationId,
    id: ctx.newId(),
    provider: event.provider,
    externalId: event.subscriptionExternalId,
    ...snapshotFields(event.subscription, null, event.occurredAt),
    lastEventAt: event.occurredAt.toISOString(),
    createTime: at,
    updateTime: at,
  };
  const { created } = reconcileAddons([], event.subscription, snapshotContext(subscription, event, ctx));
  return { subscription, created, updated: [] };
}

function snapshotContext(subscription: SubscriptionRecord, event: BillingEvent, ctx: EffectContext) {
  return {
    organizationId: subscription.organizationId,
    provider: subscription.provider,
    subscriptionId: subscription.id,
    occurredAt: event.occurredAt,
    now: ctx.now,
    newId: ctx.newId,
  };
}

/**
 * Applies an event to a known subscription and its add-ons (the caller has checked ordering).
 * @example applyEvent(subscription, addons, paymentFailedEvent, ctx).updated
 */
export function applyEvent(
  subscription: SubscriptionRecord,
  addons: readonly AddonState[],
  event: SubscriptionEvent,
  ctx: EffectContext,
): EventEffects {
  const base = { ...subscription, lastEventAt: event.occurredAt.toISOString(), updateTime: ctx.now.toISOString() };
  const changed = (next: AddonState[]) => next.filter((addon, i) => addon !== addons[i]);
  switch (event.kind) {
    case 'subscription.upserted': {
      const next = { ...base, ...snapshotFields(event.subscription, subscription, event.occurredAt) };
      return { subscription: next, ...reconcileAddons(addons, event.subscription, snapshotContext(next, event, ctx)) };
    }
    case 'subscription.canceled': {
      const next: SubscriptionRecord = {
        ...base,
        status: 'ADDON_STATUS_CANCELED',
        cancelAtPeriodEnd: false,
        canceledAt: subscription.canceledAt ?? event.canceledAt.toISOString(),
      };
      return { subscription: next, created: [], updated: changed(addons.map((a) => providerCanceled(a, ctx.now, event.canceledAt))) };
    }
    case 'payment.succeeded':
    case 'payment.failed': {
      const succeeded = event.kind === 'payment.succeeded';
      const next = { ...base, status: statusAfterPayment(subscription.status, succeeded) };
      const step = succeeded ? paymentSucceeded : paymentFailed;
      return { subscription: next, created: [], updated: changed(addons.map((a) => step(a, ctx.now))) };
    }
    default: {
      const unreachable: never = event;
      throw new Error(`unhandled event ${JSON.stringify(unreachable)}`);
    }
  }
}
