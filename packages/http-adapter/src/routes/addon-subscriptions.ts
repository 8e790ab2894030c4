import type { AddonSubscriptionService, Outcome, AddonSubscription } from '@billing/billing-domain';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { domainErrorResponse, invalidArgument } from '../errors/aip193.js';
import { readEmptyBody } from '../http/body.js';
import type { AppEnv } from '../http/context.js';
import {
  addonSubscriptionEnvelopeSchema,
  addonSubscriptionIdParamsSchema,
  addonSubscriptionSchema,
  listAddonSubscriptionsQuerySchema,
  listAddonSubscriptionsResponseSchema,
} from '../schemas/addon-subscription.js';
import { commonErrorResponses, notFoundResponse, organizationHeadersSchema } from './openapi-shared.js';
import { registerCustomMethods } from './custom-methods.js';
import { pageSizeOf } from './page-size.js';

const COLLECTION = '/addon-subscriptions';
const json = <S>(schema: S, description: string) => ({ description, content: { 'application/json': { schema } } });
const common = { tags: ['AddonSubscriptions'] };

const routes = {
  get: createRoute({
    ...common,
    method: 'get',
    path: `${COLLECTION}/{addonSubscriptionId}`,
    operationId: 'getAddonSubscription',
    summary: 'Get an add-on subscription',
    description: "The add-on itself, not wrapped. Another organization's add-on answers 404, as a missing one does.",
    request: { headers: organizationHeadersSchema, params: addonSubscriptionIdParamsSchema },
    responses: { 200: json(addonSubscriptionSchema, 'The add-on (not wrapped)'), ...commonErrorResponses, ...notFoundResponse },
  }),
  list: createRoute({
    ...common,
    method: 'get',
    path: COLLECTION,
    operationId: 'listAddonSubscriptions',
    summary: 'List add-on subscriptions',
    description: "Newest first. Filter by subscriptionId (ours), externalSubscriptionId (the provider's), or both; pages follow nextPageToken.",
    request: { headers: organizationHeadersSchema, query: listAddonSubscriptionsQuerySchema },
    responses: { 200: json(listAddonSubscriptionsResponseSchema, 'One page'), ...commonErrorResponses },
  }),
  cancel: createRoute({
    ...common,
    method: 'post',
    path: `${COLLECTION}/{addonSubscriptionId}:cancel`,
    operationId: 'cancelAddonSubscription',
    summary: 'Cancel an add-on at period end',
    description: 'Schedules the end at period end. No body (empty or `{}`). Repeating it keeps the first canceledAt.',
    request: { headers: organizationHeadersSchema, params: addonSubscriptionIdParamsSchema },
    responses: { 200: json(addonSubscriptionEnvelopeSchema, 'The add-on'), ...commonErrorResponses, ...notFoundResponse },
  }),
  undoCancel: createRoute({
    ...common,
    method: 'post',
    path: `${COLLECTION}/{addonSubscriptionId}:undo-cancel`,
    operationId: 'undoCancelAddonSubscription',
    summary: 'Undo a scheduled cancellation',
    description: 'Clears a scheduled cancellation. No body (empty or `{}`). Idempotent.',
    request: { headers: organizationHeadersSchema, params: addonSubscriptionIdParamsSchema },
    responses: { 200: json(addonSubscriptionEnvelopeSchema, 'The add-on'), ...commonErrorResponses, ...notFoundResponse },
  }),
};

const subject = (id: string) => `addonSubscriptions/${id}`;

/** The add-on subscription resource (mounted at `/v1`): get, list, `:cancel`, `:undo-cancel`, scoped by organization. */
export function registerAddonSubscriptionRoutes(
  app: OpenAPIHono<AppEnv>,
  addons: AddonSubscriptionService,
  clock: () => Date,
  bodyLimitBytes: number,
): void {
  for (const route of Object.values(routes)) app.openAPIRegistry.registerPath(route);

  app.get(COLLECTION, async (c) => {
    const pageSize = pageSizeOf(c.req.query('pageSize'));
    if (!pageSize.ok) return invalidArgument(c, [{ field: 'pageSize', description: pageSize.description }]);
    const subscriptionId = c.req.query('subscriptionId') || undefined;
    const externalSubscriptionId = c.req.query('externalSubscriptionId') || undefined;
    const pageToken = c.req.query('pageToken') || undefined;
    const page = await addons.list(c.get('organizationId'), {
      subscriptionId,
      ...(externalSubscriptionId !== undefined ? { externalSubscriptionId } : {}),
      pageSize: pageSize.value,
      pageToken,
    });
    return page.ok ? c.json(page.value, 200) : domainErrorResponse(c, page.error);
  });

  app.get(`${COLLECTION}/:id{[^/:]+}`, async (c) => {
    const id = c.req.param('id');
    const found = await addons.get(c.get('organizationId'), id);
    return found.ok ? c.json(found.value, 200) : domainErrorResponse(c, found.error, subject(id));
  });

  const action = (run: (org: string, id: string, now: Date) => Promise<Outcome<AddonSubscription>>) => async (c: Context<AppEnv>, id: string) => {
    const body = await readEmptyBody(c, bodyLimitBytes);
    if (!body.ok) return body.response;
    const done = await run(c.get('organizationId'), id, clock());
    return done.ok ? c.json({ addonSubscription: done.value }, 200) : domainErrorResponse(c, done.error, subject(id));
  };
  registerCustomMethods(app, COLLECTION, {
    cancel: action((org, id, now) => addons.cancel(org, id, now)),
    'undo-cancel': action((org, id, now) => addons.undoCancel(org, id, now)),
  });
}
