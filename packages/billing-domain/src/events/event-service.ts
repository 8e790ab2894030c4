import { randomUUID } from 'node:crypto';
import type { DestinationInput, DestinationPatch, DomainError, EventDestination, EventService, EventType, Outcome } from '../contract.js';
import type { BillingStore } from '../domain/ports.js';
import { MAX_PAGE_TOKEN_LENGTH, pageSizeRefusal, readPage, timeIdCursor, type PageCursor } from '../service/paging.js';
import { pageTokenKey, storageGuard } from '../service/service-support.js';
import { isStorableText } from '../webhooks/storable-text.js';
import type { DestinationRecord } from './event-ports.js';
import { ADDON_EVENT_TYPES, EVENT_TYPES, isEventType } from './event-types.js';
import { generateStandardSecret } from '../webhooks/standard-secret.js';
import { checkDestinationUrl, systemResolveAll, type ResolveAll, type UrlPolicy } from './url-guard.js';

/** The limits and settings of the events API. */
/** How long a ping waits for an attempt the deliverer's poll took before it (its timeout plus margin). */
const PING_WAIT_MS = 30_000;

export interface EventServiceOptions {
  /** Destinations per organization at most (BILLING_MAX_EVENT_DESTINATIONS, default 20). */
  maxDestinations: number;
  /** What a URL may be (https only, no private networks, 2,048 characters by default). */
  urlPolicy: UrlPolicy;
  /** Longest description (BILLING_EVENT_DESCRIPTION_MAX_LENGTH, default 1,024). */
  maxDescriptionLength: number;
  /** How long the previous secret also signs after `:rotate-secret` (BILLING_EVENT_SECRET_OVERLAP_S, default 86,400 s). */
  secretOverlapMs: number;
  /** Longest page token accepted (default 1,024). */
  pageTokenMaxLength?: number;
  /** Attempts a delivery now and records it (the deliverer's); without it a ping stays pending. */
  deliverNow?: (organizationId: string, eventId: string, destinationId: string) => Promise<boolean>;
  /** Resolves host names for the URL check at save time (default the system resolver). */
  resolveAll?: ResolveAll;
  /** Told about every storage error turned into `storage.unavailable`. */
  onError?: (error: unknown) => void;
}

const failure = (error: DomainError): { ok: false; error: DomainError } => ({ ok: false, error });
const invalid = (field: string, description: string) =>
  failure({ code: 'request.invalid_argument', message: description, fieldViolations: [{ field, description }] });
const destinationNotFound = (id: string) => failure({ code: 'event_destination.not_found', message: `event destination ${id} not found` });
const eventNotFound = (id: string) => failure({ code: 'event.not_found', message: `event ${id} not found` });


const publicView = (d: DestinationRecord): EventDestination => ({
  id: d.id,
  url: d.url,
  eventTypes: d.eventTypes,
  description: d.description,
  disabled: d.disabled,
  disabledReason: d.disabledReason,
  createTime: d.createTime,
  updateTime: d.updateTime,
});

/** An id that can name a stored row (no NUL, bounded): anything else names nothing. */
const nameable = (id: string): boolean => id.length > 0 && id.length <= 200 && isStorableText(id);

/**
 * The event types a destination asks for, checked: known types only, without repeats, at most as
 * many as there are types (so a huge list is refused before it is read).
 */
function checkEventTypes(types: readonly string[] | undefined): { ok: true; value: EventType[] } | { ok: false; description: string } {
  if (types === undefined) return { ok: true, value: [...ADDON_EVENT_TYPES] };
  if (types.length > EVENT_TYPES.length) return { ok: false, description: `eventTypes holds at most ${EVENT_TYPES.length} types` };
  if (types.length === 0) return { ok: false, description: 'eventTypes must name at least one type' };
  const unknown = types.find((t) => !isEventType(t));
  if (unknown !== undefined) return { ok: false, description: `eventTypes holds an unknown type (known: ${EVENT_TYPES.join(', ')})` };
  if (new Set(types).size !== types.length) return { ok: false, description: 'eventTypes must not repeat a type' };
  return { ok: true, value: types as EventType[] };
}

/** The position after an event in a listing, newest first: its sequence number. */
const sequenceCursor: PageCursor<{ sequence: number }, number> = {
  size: 1,
  of: (event) => [String(event.sequence)],
  read: ([sequence]) => (sequence !== undefined && /^\d{1,15}$/.test(sequence) ? Number(sequence) : undefined),
};

/**
 * The events API over a store: destinations (with the URL guard, the per-organization limit and
 * secrets), events, deliveries and resends; expected outcomes as values.
 * @example await createEventService(store, options).createDestination('org_1', { url: 'https://example.com/hook' }, new Date())
 */
export function createEventService(store: BillingStore, options: EventServiceOptions): EventService {
  const resolveAll = options.resolveAll ?? systemResolveAll;
  const maxTokenLength = options.pageTokenMaxLength ?? MAX_PAGE_TOKEN_LENGTH;
  const guarded = storageGuard(options.onError);
  const key = pageTokenKey(store);

  const checkUrl = async (url: string): Promise<string | undefined> => checkDestinationUrl(url, options.urlPolicy, resolveAll);
  const checkDescription = (description: string | undefined) =>
    description !== undefined && (description.length > options.maxDescriptionLength || !isStorableText(description))
      ? `description must be at most ${options.maxDescriptionLength} characters of text (BILLING_EVENT_DESCRIPTION_MAX_LENGTH)`
      : undefined;

  return {
    async createDestination(organizationId, input, now) {
      if (typeof input.url !== 'string') return invalid('url', 'url is required');
      const badUrl = await checkUrl(input.url);
      if (badUrl !== undefined) return invalid('url', badUrl);
      const types = checkEventTypes(input.eventTypes);
      if (!types.ok) return invalid('eventTypes', types.description);
      const badDescription = checkDescription(input.description);
      if (badDescription !== undefined) return invalid('description', badDescription);
      return guarded(() =>
        store.transaction(async (uow) => {
          await uow.events.lockDestinations(organizationId);
          if ((await uow.events.countDestinations(organizationId)) >= options.maxDestinations) {
            return failure({
              code: 'event_destination.limit_reached',
              message: `an organization has at most ${options.maxDestinations} event destinations (BILLING_MAX_EVENT_DESTINATIONS)`,
              fieldViolations: [{ field: 'url', description: `at most ${options.maxDestinations} event destinations (BILLING_MAX_EVENT_DESTINATIONS)` }],
            });
          }
          const at = now.toISOString();
          const destination: DestinationRecord = {
            organizationId,
            id: `evd_${randomUUID().replaceAll('-', '')}`,
            url: input.url,
            eventTypes: types.value,
            description: input.description ?? '',
            disabled: false,
            disabledReason: null,
            secret: generateStandardSecret(),
            previousSecret: null,
            previousSecretUntil: null,
            failingSince: null,
            createTime: at,
            updateTime: at,
          };
          await uow.events.insertDestination(destination);
          return { ok: true, value: { eventDestination: publicView(destination), secret: destination.secret } };
        }),
      );
    },

    async listDestinations(organizationId, query) {
      const bad = pageSizeRefusal(query.pageSize);
      if (bad !== undefined) return bad;
      return guarded(async () => {
        const page = await readPage({
          key,
          scope: ['eventDestinations.list/v1', organizationId],
          pageSize: query.pageSize,
          pageToken: query.pageToken,
          maxTokenLength,
          cursor: timeIdCursor,
          fetch: (limit, after) => store.transaction((uow) => uow.events.listDestinations(organizationId, { limit, ...(after ? { after } : {}) })),
        });
        return page.ok ? { ok: true, value: { eventDestinations: page.value.rows.map(publicView), nextPageToken: page.value.nextPageToken } } : page;
      });
    },

    async getDestination(organizationId, id) {
      if (!nameable(id)) return destinationNotFound(id);
      return guarded(async () => {
        const found = await store.transaction((uow) => uow.events.findDestination(organizationId, id));
        return found === null ? destinationNotFound(id) : { ok: true, value: publicView(found) };
      });
    },

    async updateDestination(organizationId, id, patch, now) {
      if (!nameable(id)) return destinationNotFound(id);
      if (patch.url !== undefined) {
        const badUrl = await checkUrl(patch.url);
        if (badUrl !== undefined) return invalid('url', badUrl);
      }
      let types: EventType[] | undefined;
      if (patch.eventTypes !== undefined) {
        const checked = checkEventTypes(patch.eventTypes);
        if (!checked.ok) return invalid('eventTypes', checked.description);
        types = checked.value;
      }
      const badDescription = checkDescription(patch.description);
      if (badDescription !== undefined) return invalid('description', badDescription);
      return guarded(() =>
        store.transaction(async (uow) => {
          const found = await uow.events.findDestination(organizationId, id);
          if (found === null) return destinationNotFound(id);
          const disabled = patch.disabled ?? found.disabled;
          const next: DestinationRecord = {
            ...found,
            url: patch.url ?? found.url,
            eventTypes: types ?? found.eventTypes,
            description: patch.description ?? found.description,
            disabled,
            disabledReason: disabled ? (patch.disabled === true && !found.disabled ? 'disabled by a request' : found.disabledReason) : null,
            // NOTE: enabled again, it starts a new streak: the failures before are not held against it.
            failingSince: !disabled && found.disabled ? null : found.failingSince,
            updateTime: now.toISOString(),
          };
          await uow.events.updateDestination(next);
          return { ok: true, value: publicView(next) };
        }),
      );
    },

    async deleteDestination(organizationId, id) {
      if (!nameable(id)) return destinationNotFound(id);
      return guarded(async () => {
        const gone = await store.transaction((uow) => uow.events.deleteDestination(organizationId, id));
        return gone ? { ok: true, value: null } : destinationNotFound(id);
      });
    },

    async rotateSecret(organizationId, id, now) {
      if (!nameable(id)) return destinationNotFound(id);
      return guarded(() =>
        store.transaction(async (uow) => {
          const found = await uow.events.findDestination(organizationId, id);
          if (found === null) return destinationNotFound(id);
          const secret = generateStandardSecret();
          await uow.events.updateDestination({
            ...found,
            secret,
            previousSecret: found.secret,
            previousSecretUntil: new Date(now.getTime() + options.secretOverlapMs).toISOString(),
            updateTime: now.toISOString(),
          });
          return { ok: true, value: { secret } };
        }),
      );
    },

    async ping(organizationId, id, now) {
      if (!nameable(id)) return destinationNotFound(id);
      return guarded(async () => {
        const made = await store.transaction(async (uow) => {
          const found = await uow.events.findDestination(organizationId, id);
          if (found === null) return destinationNotFound(id);
          if (found.disabled) return failure({ code: 'event_destination.disabled', message: `event destination ${id} is disabled; enable it to ping it` });
          return { ok: true as const, value: await uow.events.insertPing(organizationId, id, now) };
        });
        if (!made.ok) return made;
        const ownAttempt = await options.deliverNow?.(organizationId, made.value, id);
        const read = () => store.transaction(async (uow) => {
          const event = await uow.events.findEvent(organizationId, made.value);
          const delivery = (await uow.events.listDeliveries(organizationId, made.value)).find((d) => d.eventDestinationId === id);
          if (event === null || delivery === undefined) throw new Error('the ping was not stored');
          return { ok: true as const, value: { event, delivery } };
        });
        let answer = await read();
        // The deliverer's own poll may lease the ping first (it wakes on every commit); the ping
        // still answers once that attempt is recorded, bounded so a caller never waits forever.
        const until = Date.now() + PING_WAIT_MS;
        while (options.deliverNow && !ownAttempt && answer.value.delivery.status === 'pending' && answer.value.delivery.attempts.length === 0 && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          answer = await read();
        }
        return answer;
      });
    },

    async listEvents(organizationId, query) {
      const bad = pageSizeRefusal(query.pageSize);
      if (bad !== undefined) return bad;
      if (query.type !== undefined && !isEventType(query.type)) return invalid('type', `type must be one of ${EVENT_TYPES.join(', ')}`);
      if (query.addonSubscriptionId !== undefined && !nameable(query.addonSubscriptionId)) {
        return invalid('addonSubscriptionId', 'addonSubscriptionId must be 1 to 200 characters of text');
      }
      return guarded(async () => {
        const page = await readPage({
          key,
          scope: ['events.list/v1', organizationId, query.type ?? null, query.addonSubscriptionId ?? null],
          pageSize: query.pageSize,
          pageToken: query.pageToken,
          maxTokenLength,
          cursor: sequenceCursor,
          fetch: (limit, beforeSequence) =>
            store.transaction((uow) =>
              uow.events.listEvents(organizationId, {
                limit,
                ...(query.type !== undefined ? { type: query.type as EventType } : {}),
                ...(query.addonSubscriptionId !== undefined ? { addonSubscriptionId: query.addonSubscriptionId } : {}),
                ...(beforeSequence !== undefined ? { beforeSequence } : {}),
              }),
            ),
        });
        return page.ok ? { ok: true, value: { events: page.value.rows, nextPageToken: page.value.nextPageToken } } : page;
      });
    },

    async getEvent(organizationId, id) {
      if (!nameable(id)) return eventNotFound(id);
      return guarded(async () => {
        const found = await store.transaction((uow) => uow.events.findEvent(organizationId, id));
        return found === null ? eventNotFound(id) : { ok: true, value: found };
      });
    },

    async listDeliveries(organizationId, eventId) {
      if (!nameable(eventId)) return eventNotFound(eventId);
      return guarded(() =>
        store.transaction(async (uow) => {
          if ((await uow.events.findEvent(organizationId, eventId)) === null) return eventNotFound(eventId);
          return { ok: true, value: { deliveries: await uow.events.listDeliveries(organizationId, eventId) } };
        }),
      );
    },

    async resend(organizationId, eventId, input, now) {
      if (!nameable(eventId)) return eventNotFound(eventId);
      return guarded(() =>
        store.transaction(async (uow) => {
          const event = await uow.events.findEvent(organizationId, eventId);
          if (event === null) return eventNotFound(eventId);
          let targets: string[];
          if (input.eventDestinationId !== undefined) {
            const id = input.eventDestinationId;
            const destination = nameable(id) ? await uow.events.findDestination(organizationId, id) : null;
            if (destination === null) return destinationNotFound(id);
            targets = [id];
          } else {
            targets = await uow.events.destinationsFor(organizationId, event.type);
          }
          await uow.events.resend(organizationId, eventId, targets, now);
          return { ok: true, value: null };
        }),
      );
    },
  };
}
