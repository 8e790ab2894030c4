import { EVENT_TYPES, zodViolations, type EventService, type Outcome } from '@billing/billing-domain';
import { createRoute, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { domainErrorResponse, invalidArgument } from '../errors/aip193.js';
import { payloadTooLarge, readBody, readEmptyBody, readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/context.js';
import {
  createEventDestinationBodySchema,
  createEventDestinationResponseSchema,
  destinationIdParamsSchema,
  eventDestinationSchema,
  eventIdParamsSchema,
  eventPayloadSchemas,
  eventSchema,
  listDeliveriesResponseSchema,
  listEventDestinationsResponseSchema,
  listEventsQuerySchema,
  listEventsResponseSchema,
  pageQuerySchema,
  pingResponseSchema,
  resendBodySchema,
  rotateSecretResponseSchema,
  updateEventDestinationBodySchema,
} from '../schemas/events.js';
import { bodyErrorResponses, commonErrorResponses, notFoundResponse, organizationHeadersSchema } from './openapi-shared.js';
import { registerCustomMethods } from './custom-methods.js';
import { pageSizeOf } from './page-size.js';

const DESTINATIONS = '/event-destinations';
const EVENTS = '/events';
const json = <S>(schema: S, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <S>(schema: S) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const destinations = { tags: ['EventDestinations'] };
const events = { tags: ['Events'] };
const byDestination = { headers: organizationHeadersSchema, params: destinationIdParamsSchema };
const byEvent = { headers: organizationHeadersSchema, params: eventIdParamsSchema };

const ROUTES: RouteConfig[] = [
  createRoute({ ...destinations, method: 'post', path: DESTINATIONS, operationId: 'createEventDestination', summary: 'Make an event destination',
    description: 'The secret is shown only here and by `:rotate-secret`. At most BILLING_MAX_EVENT_DESTINATIONS (default 20) per organization.',
    request: { headers: organizationHeadersSchema, ...body(createEventDestinationBodySchema) },
    responses: { 201: json(createEventDestinationResponseSchema, 'The destination and its secret'), ...commonErrorResponses, ...bodyErrorResponses } }),
  createRoute({ ...destinations, method: 'get', path: DESTINATIONS, operationId: 'listEventDestinations', summary: 'List event destinations',
    description: 'Newest first.', request: { headers: organizationHeadersSchema, query: pageQuerySchema },
    responses: { 200: json(listEventDestinationsResponseSchema, 'One page'), ...commonErrorResponses } }),
  createRoute({ ...destinations, method: 'get', path: `${DESTINATIONS}/{eventDestinationId}`, operationId: 'getEventDestination', summary: 'Get an event destination',
    request: byDestination, responses: { 200: json(eventDestinationSchema, 'The destination'), ...commonErrorResponses, ...notFoundResponse } }),
  createRoute({ ...destinations, method: 'patch', path: `${DESTINATIONS}/{eventDestinationId}`, operationId: 'updateEventDestination', summary: 'Change an event destination',
    description: 'Any of url, eventTypes, description, disabled. Enabling it again resumes its pending deliveries.',
    request: { ...byDestination, ...body(updateEventDestinationBodySchema) },
    responses: { 200: json(eventDestinationSchema, 'The destination'), ...commonErrorResponses, ...notFoundResponse, ...bodyErrorResponses } }),
  createRoute({ ...destinations, method: 'delete', path: `${DESTINATIONS}/{eventDestinationId}`, operationId: 'deleteEventDestination', summary: 'Delete an event destination',
    description: 'Its pending deliveries are canceled.', request: byDestination,
    responses: { 204: { description: 'Deleted' }, ...commonErrorResponses, ...notFoundResponse } }),
  createRoute({ ...destinations, method: 'post', path: `${DESTINATIONS}/{eventDestinationId}:rotate-secret`, operationId: 'rotateEventDestinationSecret',
    summary: 'Make a new signing secret', description: 'The previous secret also signs for BILLING_EVENT_SECRET_OVERLAP_S (default 86,400 s). No body (empty or `{}`).',
    request: byDestination, responses: { 200: json(rotateSecretResponseSchema, 'The new secret'), ...commonErrorResponses, ...notFoundResponse } }),
  createRoute({ ...destinations, method: 'post', path: `${DESTINATIONS}/{eventDestinationId}:ping`, operationId: 'pingEventDestination', summary: 'Send a ping now',
    description: 'Answers once the attempt is over, with the delivery record. No body (empty or `{}`).',
    request: byDestination, responses: { 200: json(pingResponseSchema, 'The ping and its delivery'), ...commonErrorResponses, ...notFoundResponse } }),
  createRoute({ ...events, method: 'get', path: EVENTS, operationId: 'listEvents', summary: 'List events', description: 'Newest first.',
    request: { headers: organizationHeadersSchema, query: listEventsQuerySchema },
    responses: { 200: json(listEventsResponseSchema, 'One page'), ...commonErrorResponses } }),
  createRoute({ ...events, method: 'get', path: `${EVENTS}/{eventId}`, operationId: 'getEvent', summary: 'Get an event',
    description: 'The same object the destinations receive.', request: byEvent,
    responses: { 200: json(eventSchema, 'The event'), ...commonErrorResponses, ...notFoundResponse } }),
  createRoute({ ...events, method: 'get', path: `${EVENTS}/{eventId}/deliveries`, operationId: 'listEventDeliveries', summary: "An event's deliveries",
    description: 'Each destination it went to, with every attempt (oldest first).', request: byEvent,
    responses: { 200: json(listDeliveriesResponseSchema, 'The deliveries'), ...commonErrorResponses, ...notFoundResponse } }),
  createRoute({ ...events, method: 'post', path: `${EVENTS}/{eventId}:resend`, operationId: 'resendEvent', summary: 'Deliver an event again',
    description: 'To that destination, or to every enabled destination whose types include it; the same webhook-id. Empty body or `{}` for all.',
    request: { ...byEvent, body: { required: false, content: { 'application/json': { schema: resendBodySchema } } } },
    responses: { 202: { description: 'Accepted' }, ...commonErrorResponses, ...notFoundResponse } }),
];

const answer = <T>(c: Context<AppEnv>, outcome: Outcome<T>, status: 200 | 201, subject = '') =>
  outcome.ok ? c.json(outcome.value as object, status) : domainErrorResponse(c, outcome.error, subject);

/** The payloads the service sends, as the OpenAPI document's `webhooks`, so `/docs` shows what a receiver gets. */
export function registerEventPayloads(app: OpenAPIHono<AppEnv>): void {
  for (const [type, schema] of Object.entries(eventPayloadSchemas)) {
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      summary: `The ${type} event`,
      description:
        'Sent to each event destination whose types include it, signed with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature). Answer 2xx within BILLING_EVENT_TIMEOUT_MS; anything else is retried.',
      tags: ['Events'],
      request: { body: { required: true, content: { 'application/json': { schema } } } },
      responses: { 200: { description: 'Received (any 2xx)' } },
    });
  }
}

/** `/event-destinations` and `/events` (mounted at `/v1`): the events API, scoped by organization. */
export function registerEventRoutes(app: OpenAPIHono<AppEnv>, service: EventService, clock: () => Date, bodyLimitBytes: number): void {
  for (const route of ROUTES) app.openAPIRegistry.registerPath(route);
  const org = (c: Context<AppEnv>) => c.get('organizationId');
  const idOf = (c: Context<AppEnv>): string => c.req.param('id') ?? '';
  const destination = (id: string) => `eventDestinations/${id}`;

  app.post(DESTINATIONS, async (c) => {
    const read = await readJsonBody(c, bodyLimitBytes);
    if (!read.ok) return read.response;
    const parsed = createEventDestinationBodySchema.safeParse(read.value);
    if (!parsed.success) return invalidArgument(c, zodViolations(parsed.error, createEventDestinationBodySchema, 'body'));
    const input = parsed.data;
    return answer(c, await service.createDestination(org(c), {
      url: input.url,
      ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
    }, clock()), 201);
  });
  app.get(DESTINATIONS, async (c) => {
    const pageSize = pageSizeOf(c.req.query('pageSize'));
    if (!pageSize.ok) return invalidArgument(c, [{ field: 'pageSize', description: pageSize.description }]);
    const pageToken = c.req.query('pageToken') || undefined;
    return answer(c, await service.listDestinations(org(c), { pageSize: pageSize.value, ...(pageToken ? { pageToken } : {}) }), 200);
  });
  app.get(`${DESTINATIONS}/:id{[^/:]+}`, async (c) => answer(c, await service.getDestination(org(c), idOf(c)), 200, destination(idOf(c))));
  app.patch(`${DESTINATIONS}/:id{[^/:]+}`, async (c) => {
    const read = await readJsonBody(c, bodyLimitBytes);
    if (!read.ok) return read.response;
    const parsed = updateEventDestinationBodySchema.safeParse(read.value);
    if (!parsed.success) return invalidArgument(c, zodViolations(parsed.error, updateEventDestinationBodySchema, 'body'));
    const patch = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    return answer(c, await service.updateDestination(org(c), idOf(c), patch, clock()), 200, destination(idOf(c)));
  });
  app.delete(`${DESTINATIONS}/:id{[^/:]+}`, async (c) => {
    const done = await service.deleteDestination(org(c), idOf(c));
    return done.ok ? c.body(null, 204) : domainErrorResponse(c, done.error, destination(idOf(c)));
  });
  const destinationAction = (run: (org: string, id: string, now: Date) => Promise<Outcome<unknown>>) => async (c: Context<AppEnv>, id: string) => {
    const read = await readEmptyBody(c, bodyLimitBytes);
    if (!read.ok) return read.response;
    return answer(c, await run(org(c), id, clock()), 200, destination(id));
  };
  registerCustomMethods(app, DESTINATIONS, {
    'rotate-secret': destinationAction((o, id, now) => service.rotateSecret(o, id, now)),
    ping: destinationAction((o, id, now) => service.ping(o, id, now)),
  });

  app.get(EVENTS, async (c) => {
    const pageSize = pageSizeOf(c.req.query('pageSize'));
    if (!pageSize.ok) return invalidArgument(c, [{ field: 'pageSize', description: pageSize.description }]);
    const type = c.req.query('type') || undefined;
    if (type !== undefined && !(EVENT_TYPES as readonly string[]).includes(type)) {
      return invalidArgument(c, [{ field: 'type', description: `must be one of ${EVENT_TYPES.join(', ')}` }]);
    }
    const addonSubscriptionId = c.req.query('addonSubscriptionId') || undefined;
    const pageToken = c.req.query('pageToken') || undefined;
    return answer(c, await service.listEvents(org(c), {
      pageSize: pageSize.value,
      ...(type ? { type } : {}),
      ...(addonSubscriptionId ? { addonSubscriptionId } : {}),
      ...(pageToken ? { pageToken } : {}),
    }), 200);
  });
  app.get(`${EVENTS}/:id{[^/:]+}`, async (c) => answer(c, await service.getEvent(org(c), idOf(c)), 200));
  app.get(`${EVENTS}/:id{[^/:]+}/deliveries`, async (c) => answer(c, await service.listDeliveries(org(c), idOf(c)), 200));
  registerCustomMethods(app, EVENTS, {
    resend: async (c, id) => {
      const read = await readBody(c, bodyLimitBytes);
      if (!read.ok) return payloadTooLarge(c, bodyLimitBytes);
      const text = new TextDecoder().decode(read.bytes).trim();
      let value: unknown = {};
      if (text !== '') {
        try {
          value = JSON.parse(text);
        } catch (error) {
          return invalidArgument(c, [{ field: 'body', description: error instanceof SyntaxError ? error.message : 'not JSON' }], 'INVALID_JSON');
        }
      }
      const parsed = resendBodySchema.safeParse(value);
      if (!parsed.success) return invalidArgument(c, zodViolations(parsed.error, resendBodySchema, 'body'));
      const done = await service.resend(org(c), id, parsed.data.eventDestinationId !== undefined ? { eventDestinationId: parsed.data.eventDestinationId } : {}, clock());
      return done.ok ? c.body(null, 202) : domainErrorResponse(c, done.error);
    },
  });
}
