import type { AddonState } from '../domain/addon-state.js';
import { sameFields } from '../domain/same-fields.js';
import type { WebhookAck } from '../contract.js';
import type { BillingEvent } from '../domain/billing-event.js';
import type { ClaimRequest, SubscriptionRecord, UnitOfWork, WebhookEventRecord, WebhookEventStatus } from '../domain/ports.js';
import { decodeEvent, encodeEvent } from './event-codec.js';
import { applyEvent, createSubscription, type EffectContext, type EventEffects, type SubscriptionEvent } from '../domain/event-effects.js';
import { foldFrom, mergeReplay } from '../domain/replay.js';

const ack = (code: WebhookAck['code'], eventId: string, message: string): WebhookAck => ({ code, success: true, eventId, message });

async function save(uow: UnitOfWork, effects: EventEffects, isNew: boolean): Promise<void> {
  if (isNew) await uow.subscriptions.insert(effects.subscription);
  else await uow.subscriptions.update(effects.subscription);
  for (const addon of effects.created) await uow.addons.insert(addon);
  for (const addon of effects.updated) await uow.addons.update(addon);
}

/**
 * Applies the events that waited for this subscription (`pending`, oldest first) to the state its
 * creating event has just written, in memory: the writes are buffered and sent together. Those
 * older than the creating event are kept as stored: the creating snapshot carries a later state.
 */
async function drainPending(
  uow: UnitOfWork,
  created: EventEffects,
  createdAt: Date,
  pending: readonly WebhookEventRecord[],
  ctx: EffectContext,
) {
  let subscription = created.subscription;
  let addons = created.created;
  for (const record of pending) {
    const event = decodeEvent(record.payload);
    let status: WebhookEventStatus = 'stored';
    if (event.kind !== 'ignored' && event.occurredAt.getTime() >= createdAt.getTime()) {
      const effects = applyEvent(subscription, addons, event, ctx);
      await save(uow, effects, false);
      const byId = new Map(effects.updated.map((a) => [a.id, a]));
      subscription = effects.subscription;
      addons = [...addons.map((a) => byId.get(a.id) ?? a), ...effects.created];
      status = 'applied';
    }
    await uow.webhookEvents.setStatus(record.organizationId, record.provider, record.eventId, status);
  }
}

/** How far behind the newest event a replay leaves its checkpoint (default one hour of event time). */
export const DEFAULT_REPLAY_CHECKPOINT_LAG_MS = 3_600_000;

/** What processing needs besides the effects' context. */
export interface ProcessContext extends EffectContext {
  /** Event time a replay checkpoint stays behind the newest event (see docs/storage.md). */
  replayCheckpointLagMs?: number;
}

/**
 * An event older than the last one applied: refold the subscription's events in time order and
 * write what differs, so the result is the one in-order delivery gives. The refold starts from
 * the subscription's checkpoint when the event is newer than it, reading only the events after
 * it; else from nothing, reading them all. It leaves a checkpoint `replayCheckpointLagMs` behind
 * the newest event. True when anything changed.
 */
async function replayLate(
  uow: UnitOfWork,
  subscription: SubscriptionRecord,
  stored: readonly AddonState[],
  event: SubscriptionEvent,
  ctx: ProcessContext,
) {
  const { organizationId, provider, externalId } = subscription;
  const saved = await uow.subscriptions.findCheckpoint(organizationId, subscription.id);
  const from = saved !== null && event.occurredAt.getTime() > Date.parse(saved.foldedThrough) ? saved : null;
  const history = await uow.webhookEvents.listHistory(organizationId, provider, externalId, from?.foldedThrough);
  const events = [...history.map((record) => decodeEvent(record.payload)), event].sort(
    (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime(),
  );
  const newest = Math.max(Date.parse(subscription.lastEventAt), ...events.map((e) => e.occurredAt.getTime()));
  const horizon = newest - (ctx.replayCheckpointLagMs ?? DEFAULT_REPLAY_CHECKPOINT_LAG_MS);
  const { state: folded, checkpoint } = foldFrom(organizationId, from?.state ?? null, events, ctx, horizon);
  // NOTE: after a refold from nothing the saved checkpoint may lack this event (older than it), so
  // it is replaced even when it does not move forward.
  if (checkpoint !== null && (from === null || Date.parse(checkpoint.foldedThrough) > Date.parse(from.foldedThrough))) {
    await uow.subscriptions.saveCheckpoint(organizationId, subscription.id, checkpoint);
  }
  if (folded === null) return false;
  const writes = mergeReplay(subscription, stored, folded, ctx.now);
  const subscriptionChanged = !sameFields(writes.subscription, subscription, ['updateTime']);
  if (!subscriptionChanged && writes.inserted.length === 0 && writes.updated.length === 0) return false;
  await save(uow, { subscription: writes.subscription, created: writes.inserted, updated: writes.updated }, false);
  return true;
}

/** What processing an event claims, made before its transaction (see `prepareEvent`). */
export interface PreparedEvent {
  /** The event's record and the claim's options: what `processEvent` passes to `claim`. */
  claim: ClaimRequest;
  /** For a snapshot: what it creates when its subscription is not known (also in `claim.creates`). */
  creates: EventEffects | undefined;
}

/**
 * The claim `processEvent` makes for an event, with the rows a snapshot creates (new ids from
 * `ctx.newId`), so that a caller can claim several events at once (group commit) and hand each
 * its claim; `processEvent` given the same PreparedEvent makes exactly this claim.
 * @example const prepared = prepareEvent('org_1', event, ctx); await processEvent(uow, 'org_1', event, ctx, prepared)
 */
export function prepareEvent(organizationId: string, event: BillingEvent, ctx: ProcessContext): PreparedEvent {
  // NOTE: what a snapshot creates does not depend on the stored state, so it goes with the claim,
  // which writes it when the subscription is not known: a new subscription is one round trip.
  const creates = event.kind === 'subscription.upserted' ? createSubscription(organizationId, event, ctx) : undefined;
  const record: WebhookEventRecord = {
    organizationId,
    provider: event.provider,
    eventId: event.eventId,
    eventType: event.eventType,
    occurredAt: event.occurredAt.toISOString(),
    subscriptionExternalId: event.subscriptionExternalId,
    payload: encodeEvent(event),
    status: event.kind === 'ignored' ? 'ignored' : 'pending',
    receivedAt: ctx.now.toISOString(),
  };
  return {
    claim: {
      event: record,
      withPending: creates !== undefined,
      ...(creates === undefined ? {} : { creates: { subscription: creates.subscription, addons: creates.created } }),
    },
    creates,
  };
}

/**
 * Records one verified, normalized event and applies its effects, all inside the caller's
 * transaction. Idempotent per (organization, provider, eventId). `prepared` (default: made here)
 * is the claim to make (see `prepareEvent`).
 * NOTE: on a SQL store a new subscription costs one statement, the claim (the insert, the
 * subscription's lock, the read, the new rows); an event for a known one two: the claim (with the
 * read of the subscription and its add-ons) and the batched writes. Under group commit the claims
 * of a whole group are one statement (see group-commit.ts).
 * @example await store.transaction((uow) => processEvent(uow, 'org_1', event, { now, newId }))
 */
export async function processEvent(
  uow: UnitOfWork,
  organizationId: string,
  event: BillingEvent,
  ctx: ProcessContext,
  prepared: PreparedEvent = prepareEvent(organizationId, event, ctx),
): Promise<WebhookAck> {
  const { provider, eventId } = event;
  const { creates } = prepared;
  // NOTE: when fresh and about a subscription, this also takes the subscription's key lock.
  const { event: record, ...options } = prepared.claim;
  const claim = await uow.webhookEvents.claim(record, options);
  if (claim === null) return ack('webhook.duplicate', eventId, `event ${eventId} is a duplicate; already received, nothing changed`);
  if (event.kind === 'ignored') return ack('webhook.ignored', eventId, `event type ${event.eventType} is ignored; stored`);

  const found = claim.found;
  const finish = async (status: WebhookEventStatus, code: WebhookAck['code'], message: string) => {
    if (status !== 'pending') await uow.webhookEvents.setStatus(organizationId, provider, eventId, status);
    return ack(code, eventId, message);
  };
  if (found === null) {
    if (event.kind !== 'subscription.upserted') {
      return finish('pending', 'webhook.stored', `event ${eventId} stored; its subscription is not known yet and it applies when it arrives`);
    }
    const effects = creates ?? createSubscription(organizationId, event, ctx);
    let done = ack('webhook.applied', eventId, `event ${eventId} applied`);
    if (!claim.created) {
      await save(uow, effects, true);
      done = await finish('applied', 'webhook.applied', `event ${eventId} applied`);
    }
    // NOTE: the claim listed the waiting events without this one: applied again to the state it
    // has just created, it would change nothing.
    await drainPending(uow, effects, event.occurredAt, claim.pending, ctx);
    return done;
  }
  const { subscription, addons } = found;
  if (event.occurredAt.getTime() < Date.parse(subscription.lastEventAt)) {
    const changed = await replayLate(uow, subscription, addons, event, ctx);
    return changed
      ? finish('applied', 'webhook.applied', `event ${eventId} arrived late; applied in time order among the later events`)
      : finish('stored', 'webhook.stored', `event ${eventId} stored, not applied: later events already carry the state`);
  }
  await save(uow, applyEvent(subscription, addons, event, ctx), false);
  return finish('applied', 'webhook.applied', `event ${eventId} applied`);
}
