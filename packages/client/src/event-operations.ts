import { idOf, type CallOptions, type OperationContext } from './operation-context.js';
import { paginate } from './pages.js';
import type {
  BillingEvent,
  CreateEventDestinationRequest,
  CreatedEventDestination,
  EventDelivery,
  EventDestination,
  EventDestinationPage,
  EventPage,
  ListEventsQuery,
  PageQuery,
  PingResult,
  UpdateEventDestinationRequest,
} from './types.js';

// NOTE: the document's `Event` schema is the union of the event types with `type` and `data`
// flattened; each event the server answers is the member of its type, so the answers of the
// event reads are given the discriminated union, which a `switch (event.type)` narrows.

/** `eventDestinations.*`: the endpoints of the organization that receive its events. */
export function eventDestinationOperations({ raw, header, init, settle }: OperationContext) {
  const path = (id: string) => ({ eventDestinationId: idOf('eventDestinationId', id) });
  const operations = {
    /** `POST /v1/event-destinations`: `{ eventDestination, secret }`; the secret is shown only here and by rotateSecret. Not retried. */
    create: (body: CreateEventDestinationRequest, call?: CallOptions): Promise<CreatedEventDestination> =>
      settle('createEventDestination', raw.POST('/v1/event-destinations', { params: { header: header(call) }, body, ...init(false, call) })),
    /** `GET /v1/event-destinations/{id}`: the destination, never its secret. Retried. */
    get: (eventDestinationId: string, call?: CallOptions): Promise<EventDestination> =>
      settle('getEventDestination', raw.GET('/v1/event-destinations/{eventDestinationId}', {
        params: { path: path(eventDestinationId), header: header(call) },
        ...init(true, call),
      })),
    /** `GET /v1/event-destinations`: one page. Retried. */
    list: (query: PageQuery = {}, call?: CallOptions): Promise<EventDestinationPage> =>
      settle('listEventDestinations', raw.GET('/v1/event-destinations', { params: { query, header: header(call) }, ...init(true, call) })),
    /** Every destination, fetching pages as the loop goes. */
    listAll: (query: Omit<PageQuery, 'pageToken'> = {}, call?: CallOptions): AsyncGenerator<EventDestination, void, undefined> =>
      paginate((pageToken) => operations.list({ ...query, ...(pageToken ? { pageToken } : {}) }, call), (page) => page.eventDestinations),
    /** `PATCH /v1/event-destinations/{id}`: url, eventTypes, description, disabled. Not retried. */
    update: (eventDestinationId: string, body: UpdateEventDestinationRequest, call?: CallOptions): Promise<EventDestination> =>
      settle('updateEventDestination', raw.PATCH('/v1/event-destinations/{eventDestinationId}', {
        params: { path: path(eventDestinationId), header: header(call) },
        body,
        ...init(false, call),
      })),
    /** `DELETE /v1/event-destinations/{id}`: its pending deliveries stop. Not retried. */
    delete: async (eventDestinationId: string, call?: CallOptions): Promise<void> => {
      await settle('deleteEventDestination', raw.DELETE('/v1/event-destinations/{eventDestinationId}', {
        params: { path: path(eventDestinationId), header: header(call) },
        ...init(false, call),
      }));
    },
    /** `POST /v1/event-destinations/{id}:rotate-secret`: the new secret; the previous one also signs for a while. Not retried. */
    rotateSecret: async (eventDestinationId: string, call?: CallOptions): Promise<string> =>
      (await settle('rotateEventDestinationSecret', raw.POST('/v1/event-destinations/{eventDestinationId}:rotate-secret', {
        params: { path: path(eventDestinationId), header: header(call) },
        ...init(false, call),
      }))).secret,
    /** `POST /v1/event-destinations/{id}:ping`: sends a ping now; `{ event, delivery }` once the attempt is over. Not retried. */
    ping: (eventDestinationId: string, call?: CallOptions): Promise<PingResult> =>
      settle('pingEventDestination', raw.POST('/v1/event-destinations/{eventDestinationId}:ping', {
        params: { path: path(eventDestinationId), header: header(call) },
        ...init(false, call),
      })) as Promise<PingResult>,
  };
  return operations;
}

/** `events.*`: the events the service made for the organization, and their deliveries. */
export function eventOperations({ raw, header, init, settle }: OperationContext) {
  const path = (id: string) => ({ eventId: idOf('eventId', id) });
  const operations = {
    /** `GET /v1/events/{id}`: the event, as destinations receive it. Retried. */
    get: (eventId: string, call?: CallOptions): Promise<BillingEvent> =>
      settle('getEvent', raw.GET('/v1/events/{eventId}', { params: { path: path(eventId), header: header(call) }, ...init(true, call) })) as Promise<BillingEvent>,
    /** `GET /v1/events`: one page, newest first, filtered by type or add-on. Retried. */
    list: (query: ListEventsQuery = {}, call?: CallOptions): Promise<EventPage> =>
      settle('listEvents', raw.GET('/v1/events', { params: { query, header: header(call) }, ...init(true, call) })) as Promise<EventPage>,
    /** Every event matching the filter, newest first, fetching pages as the loop goes. */
    listAll: (query: Omit<ListEventsQuery, 'pageToken'> = {}, call?: CallOptions): AsyncGenerator<BillingEvent, void, undefined> =>
      paginate((pageToken) => operations.list({ ...query, ...(pageToken ? { pageToken } : {}) }, call), (page) => page.events),
    /** `GET /v1/events/{id}/deliveries`: each destination's delivery and its attempts. Retried. */
    deliveries: async (eventId: string, call?: CallOptions): Promise<EventDelivery[]> =>
      (await settle('listEventDeliveries', raw.GET('/v1/events/{eventId}/deliveries', {
        params: { path: path(eventId), header: header(call) },
        ...init(true, call),
      }))).deliveries,
    /** `POST /v1/events/{id}:resend`: delivers it again (same webhook-id) to one destination or every one that takes it. Not retried. */
    resend: async (eventId: string, body: { eventDestinationId?: string } = {}, call?: CallOptions): Promise<void> => {
      await settle('resendEvent', raw.POST('/v1/events/{eventId}:resend', { params: { path: path(eventId), header: header(call) }, body, ...init(false, call) }));
    },
  };
  return operations;
}
