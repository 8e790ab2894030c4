import type { Client } from 'openapi-fetch';
import { createFetchClient } from './create-fetch-client.js';
import { errorOf } from './errors.js';
import type { paths } from './generated/api.js';
import { paginate } from './pages.js';
import { retryAfterMs, retryingFetch, retryPolicyOf, type RetryPolicy } from './retry.js';
import type {
  AddonSubscription,
  AddonSubscriptionPage,
  ListAddonSubscriptionsQuery,
  PlanRequest,
  PlanResult,
} from './types.js';

/** How to reach the billing API and as whom. */
export interface BillingClientOptions {
  /** The server's address, e.g. `https://billing.example.com`. */
  baseUrl: string;
  /** The bearer JWT, or a function giving the current one (called before each operation). */
  token: string | (() => string | Promise<string>);
  /** The organization the calls act for (`X-Organization-ID`); a call may name another. */
  organizationId: string;
  /** Retries of operations that are safe to repeat (DEFAULT_RETRY_POLICY); `false` for none. */
  retry?: Partial<RetryPolicy> | false;
  /** The fetch to send requests with; the global `fetch` by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Further headers sent with every request (a `user-agent`, say). */
  headers?: Record<string, string>;
}

/** Options of one call. */
export interface CallOptions {
  /** Aborts the call, its retries and their waits. */
  signal?: AbortSignal;
  /** Acts for this organization instead of the client's. */
  organizationId?: string;
}

/** The result of an openapi-fetch call. */
type Answer<T> = { data?: T; error?: unknown; response: Response };
type Fetch = (request: Request) => Promise<Response>;

/** Rejects an empty or non-string id before any request, naming the field. */
function idOf(field: string, value: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${field} must be a non-empty string`);
  return value;
}

/**
 * A typed client of the billing API. Every operation resolves to the server's answer or throws a
 * BillingApiError; the operations that are safe to repeat (reads, `plans:calculate`, `:cancel`,
 * `:undo-cancel`) are retried on 429 and 503.
 * @example
 * const billing = createBillingClient({ baseUrl: 'https://billing.example.com', token, organizationId: 'org_a' });
 * const { total } = await billing.plans.calculate(request);
 */
export function createBillingClient(options: BillingClientOptions) {
  if (typeof options.baseUrl !== 'string' || !URL.canParse(options.baseUrl)) {
    throw new TypeError(`baseUrl must be an absolute URL, got ${JSON.stringify(options.baseUrl)}`);
  }
  idOf('organizationId', options.organizationId);
  if (typeof options.token !== 'string' && typeof options.token !== 'function') throw new TypeError('token must be a string or a function');
  const policy = retryPolicyOf(options.retry);
  const fetchOnce: Fetch = options.fetch ?? ((request) => globalThis.fetch(request));
  const retrying = retryingFetch(fetchOnce, policy);
  const raw: Client<paths> = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: fetchOnce, headers: options.headers });
  raw.use({
    async onRequest({ request }) {
      const token = typeof options.token === 'function' ? await options.token() : options.token;
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });

  const header = (call: CallOptions | undefined) => ({ 'X-Organization-ID': idOf('organizationId', call?.organizationId ?? options.organizationId) });
  const init = (safe: boolean, call: CallOptions | undefined) => ({ fetch: safe ? retrying : fetchOnce, signal: call?.signal });

  /** The data of a successful answer; a BillingApiError for any other. */
  async function settle<T>(operation: string, answer: Promise<Answer<T>>): Promise<T> {
    const { data, error, response } = await answer;
    if (response.ok) return data as T;
    throw errorOf(operation, response, error, retryAfterMs(response.headers.get('retry-after'), Date.now()));
  }

  const addonPath = (id: string) => ({ addonSubscriptionId: idOf('addonSubscriptionId', id) });
  const addonSubscriptions = {
    /** `GET /v1/addon-subscriptions/{id}`: the add-on; NOT_FOUND for a missing or another organization's. */
    get: (addonSubscriptionId: string, call?: CallOptions): Promise<AddonSubscription> =>
      settle('getAddonSubscription', raw.GET('/v1/addon-subscriptions/{addonSubscriptionId}', {
        params: { path: addonPath(addonSubscriptionId), header: header(call) },
        ...init(true, call),
      })),
    /** `GET /v1/addon-subscriptions`: one page, newest first. */
    list: (query: ListAddonSubscriptionsQuery = {}, call?: CallOptions): Promise<AddonSubscriptionPage> =>
      settle('listAddonSubscriptions', raw.GET('/v1/addon-subscriptions', { params: { query, header: header(call) }, ...init(true, call) })),
    /** Every add-on matching the filter, newest first, fetching pages as the loop goes. */
    listAll: (query: Omit<ListAddonSubscriptionsQuery, 'pageToken'> = {}, call?: CallOptions): AsyncGenerator<AddonSubscription, void, undefined> =>
      paginate((pageToken) => addonSubscriptions.list({ ...query, ...(pageToken ? { pageToken } : {}) }, call), (page) => page.addonSubscriptions),
    /** `POST /v1/addon-subscriptions/{id}:cancel`: schedules the end at period end; returns the add-on. */
    cancel: async (addonSubscriptionId: string, call?: CallOptions): Promise<AddonSubscription> =>
      (await settle('cancelAddonSubscription', raw.POST('/v1/addon-subscriptions/{addonSubscriptionId}:cancel', {
        params: { path: addonPath(addonSubscriptionId), header: header(call) },
        ...init(true, call),
      }))).addonSubscription,
    /** `POST /v1/addon-subscriptions/{id}:undo-cancel`: clears a scheduled end; returns the add-on. */
    undoCancel: async (addonSubscriptionId: string, call?: CallOptions): Promise<AddonSubscription> =>
      (await settle('undoCancelAddonSubscription', raw.POST('/v1/addon-subscriptions/{addonSubscriptionId}:undo-cancel', {
        params: { path: addonPath(addonSubscriptionId), header: header(call) },
        ...init(true, call),
      }))).addonSubscription,
  };

  const plans = {
    /** `POST /v1/plans:calculate`: prices a plan exactly; `view: 'FULL'` adds `debug`. */
    calculate: (request: PlanRequest, call?: CallOptions & { view?: 'BASIC' | 'FULL' }): Promise<PlanResult> =>
      settle('calculatePlan', raw.POST('/v1/plans:calculate', {
        params: { query: call?.view ? { view: call.view } : {}, header: header(call) },
        body: request,
        ...init(true, call),
      })),
  };

  return {
    plans,
    addonSubscriptions,
    /** The underlying openapi-fetch client (typed by the same paths), without retries. */
    raw,
  };
}

/** A client made by createBillingClient. */
export type BillingClient = ReturnType<typeof createBillingClient>;
