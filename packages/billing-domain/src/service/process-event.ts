import type { AddonState } from '../domain/addon-state.js';
import { sameFields } from '../domain/same-fields.js';
import type { WebhookAck } from '../contract.js';
import type { BillingEvent } from '../domain/billing-event.js';
import type { EventClaim, FoldedState, SubscriptionRecord, UnitOfWork, WebhookEventRecord, WebhookEventStatus } from '../domain/ports.js';
import type { IngestRequest, Processed } from '../storage/group-commit.js';
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
 * The state after `effects`, add-ons in listing order (by createTime; those of one event keep
 * their order), as a read of the stored rows answers it: what the next event of the subscription
 * in the same group is applied to, in memory.
 */
function stateAfter(addons: readonly AddonState[], effects: EventEffects): FoldedState {
  const byId = new Map(effects.updated.map((a) => [a.id, a]));
  const all = [...addons.map((a) => byId.get(a.id) ?? a), ...effects.created];
  return { subscription: effects.subscription, addons: all.sort((a, b) => (a.createTime < b.createTime ? -1 : a.createTime > b.createTime ? 1 : 0)) };
}

/**
 * Applies the events that waited for this subscription (`pending`, oldest first) to the state its
 * creating event has just written, in memory: the writes are buffered and sent together. Those
 * older than the creating event are kept as stored: the creating snapshot carries a later state.
 * Answers the state after them.
 */
async function drainPending(
  uow: UnitOfWork,
  created: EventEffects,
  createdAt: Date,
  pending: readonly WebhookEventRecord[],
  ctx: EffectContext,
): Promise<FoldedState> {
  let state = stateAfter([], created);
  for (const record of pending) {
    const event = decodeEvent(record.payload);
    let status: WebhookEventStatus = 'stored';
    if (event.kind !== 'ignored' && event.occurredAt.getTime() >= createdAt.getTime()) {
      const effects = applyEvent(state.subscription, state.addons, event, ctx);
      await save(uow, effects, false);
      state = stateAfter(state.addons, effects);
      status = 'applied';
    }
    await uow.webhookEvents.setStatus(record.organizationId, record.provider, record.eventId, status);
  }
  return state;
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
 * the newest event. The state after it when anything changed, else null.
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
  if (folded === null) return null;
  const writes = mergeReplay(subscription, stored, folded, ctx.now);
  const subscriptionChanged = !sameFields(writes.subscription, subscription, ['updateTime']);
  if (!subscriptionChanged && writes.inserted.length === 0 && writes.updated.length === 0) return null;
  const effects = { subscription: writes.subscription, created: writes.inserted, updated: writes.updated };
  await save(uow, effects, false);
  return stateAfter(stored, effects);
}

/** What processing an event claims, made before its transaction (see `prepareEvent`). */
export interface PreparedEvent {
  /** The event's record and, for a snapshot, how to build what it creates when its subscription is not known. */
  claim: IngestRequest;
  /** For a snapshot: what it creates (built once, on first call, with the rows `claim.creates` gives). */
  creates: (() => EventEffects) | undefined;
}

/**
 * The claim to make for an event; for a snapshot, how to build the rows it creates (new ids from
 * `ctx.newId`), built only when group commit asks (its subscription may be known): the claim
 * writes them when the subscription is not known, so a new subscription costs no statement of its own.
 * @example const prepared = prepareEvent('org_1', event, ctx); await ingest.run(prepared.claim, (uow, claim) => processEvent(uow, claim, prepared, event, ctx))
 */
export function prepareEvent(organizationId: string, event: BillingEvent, ctx: ProcessContext): PreparedEvent {
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
  if (event.kind !== 'subscription.upserted') return { claim: { event: record }, creates: undefined };
  let built: EventEffects | undefined;
  const creates = () => (built ??= createSubscription(organizationId, event, ctx));
  return {
    claim: { event: record, creates: () => ({ subscription: creates().subscription, addons: creates().created }) },
    creates,
  };
}

/**
 * Applies one verified, normalized event, given its claim (`claimAll` of `prepared.claim`, made by
 * group commit; null: already recorded), inside the caller's transaction: the writes go to the
 * transaction's batch. Answers the acknowledgement and the state the subscription is left in (null
 * when none is known), which the next event of the subscription in the same group is applied to.
 * @example await ingest.run(prepared.claim, (uow, claim) => processEvent(uow, claim, prepared, event, ctx))
 */
export async function processEvent(
  uow: UnitOfWork,
  claim: EventClaim | null,
  prepared: PreparedEvent,
  event: BillingEvent,
  ctx: ProcessContext,
): Promise<Processed<WebhookAck>> {
  const { organizationId } = prepared.claim.event;
  const { provider, eventId } = event;
  const done = (code: WebhookAck['code'], message: string, state: FoldedState | null = null) => ({ result: ack(code, eventId, message), state });
  const finish = async (status: WebhookEventStatus, code: WebhookAck['code'], message: string, state: FoldedState) => {
    await uow.webhookEvents.setStatus(organizationId, provider, eventId, status);
    return done(code, message, state);
  };
  if (claim === null) return done('webhook.duplicate', `event ${eventId} is a duplicate; already received, nothing changed`);
  if (event.kind === 'ignored') return done('webhook.ignored', `event type ${event.eventType} is ignored; stored`);
  const found = claim.found;
  if (found === null) {
    if (!claim.created || prepared.creates === undefined) {
      if (event.kind !== 'subscription.upserted') {
        return done('webhook.stored', `event ${eventId} stored; its subscription is not known yet and it applies when it arrives`);
      }
      throw new Error(`the claim of snapshot ${eventId} for an unknown subscription did not create it`);
    }
    // NOTE: the claim listed the waiting events without this one: applied again to the state it
    // has just created, it would change nothing.
    const state = await drainPending(uow, prepared.creates(), event.occurredAt, claim.pending, ctx);
    return done('webhook.applied', `event ${eventId} applied`, state);
  }
  const { subscription, addons } = found;
  if (event.occurredAt.getTime() < Date.parse(subscription.lastEventAt)) {
    const replayed = await replayLate(uow, subscription, addons, event, ctx);
    return replayed !== null
      ? finish('applied', 'webhook.applied', `event ${eventId} arrived late; applied in time order among the later events`, replayed)
      : finish('stored', 'webhook.stored', `event ${eventId} stored, not applied: later events already carry the state`, found);
  }
  const effects = applyEvent(subscription, addons, event, ctx);
  await save(uow, effects, false);
  return finish('applied', 'webhook.applied', `event ${eventId} applied`, stateAfter(addons, effects));
}
