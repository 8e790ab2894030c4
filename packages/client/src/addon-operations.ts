import { idOf, type CallOptions, type OperationContext } from './operation-context.js';
import { paginate } from './pages.js';
import type { AddonSubscription, AddonSubscriptionPage, ListAddonSubscriptionsQuery, PlanRequest, PlanResult } from './types.js';

/** `plans.*`: pricing. */
export function planOperations({ raw, header, init, settle }: OperationContext) {
  return {
    /** `POST /v1/plans:calculate`: prices a plan exactly; `view: 'FULL'` adds `debug` per instance. Retried. */
    calculate: (request: PlanRequest, call?: CallOptions & { view?: 'BASIC' | 'FULL' }): Promise<PlanResult> =>
      settle('calculatePlan', raw.POST('/v1/plans:calculate', {
        params: { query: call?.view ? { view: call.view } : {}, header: header(call) },
        body: request,
        ...init(true, call),
      })),
  };
}

/** `addonSubscriptions.*`: the add-ons of the organization's VM subscriptions. */
export function addonOperations({ raw, header, init, settle }: OperationContext) {
  const path = (id: string) => ({ addonSubscriptionId: idOf('addonSubscriptionId', id) });
  const operations = {
    /** `GET /v1/addon-subscriptions/{id}`: the add-on; NOT_FOUND for a missing or another organization's. Retried. */
    get: (addonSubscriptionId: string, call?: CallOptions): Promise<AddonSubscription> =>
      settle('getAddonSubscription', raw.GET('/v1/addon-subscriptions/{addonSubscriptionId}', {
        params: { path: path(addonSubscriptionId), header: header(call) },
        ...init(true, call),
      })),
    /** `GET /v1/addon-subscriptions`: one page, newest first. Retried. */
    list: (query: ListAddonSubscriptionsQuery = {}, call?: CallOptions): Promise<AddonSubscriptionPage> =>
      settle('listAddonSubscriptions', raw.GET('/v1/addon-subscriptions', { params: { query, header: header(call) }, ...init(true, call) })),
    /** Every add-on matching the filter, newest first, fetching pages as the loop goes. */
    listAll: (query: Omit<ListAddonSubscriptionsQuery, 'pageToken'> = {}, call?: CallOptions): AsyncGenerator<AddonSubscription, void, undefined> =>
      paginate((pageToken) => operations.list({ ...query, ...(pageToken ? { pageToken } : {}) }, call), (page) => page.addonSubscriptions),
    /** `POST /v1/addon-subscriptions/{id}:cancel`: schedules the end at period end; returns the add-on. Retried (idempotent). */
    cancel: async (addonSubscriptionId: string, call?: CallOptions): Promise<AddonSubscription> =>
      (await settle('cancelAddonSubscription', raw.POST('/v1/addon-subscriptions/{addonSubscriptionId}:cancel', {
        params: { path: path(addonSubscriptionId), header: header(call) },
        ...init(true, call),
      }))).addonSubscription,
    /** `POST /v1/addon-subscriptions/{id}:undo-cancel`: clears a scheduled end; returns the add-on. Retried (idempotent). */
    undoCancel: async (addonSubscriptionId: string, call?: CallOptions): Promise<AddonSubscription> =>
      (await settle('undoCancelAddonSubscription', raw.POST('/v1/addon-subscriptions/{addonSubscriptionId}:undo-cancel', {
        params: { path: path(addonSubscriptionId), header: header(call) },
        ...init(true, call),
      }))).addonSubscription,
  };
  return operations;
}
