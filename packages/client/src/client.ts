import type { Client } from 'openapi-fetch';
import { addonOperations, planOperations } from './addon-operations.js';
import { createFetchClient } from './create-fetch-client.js';
import { eventDestinationOperations, eventOperations } from './event-operations.js';
import type { paths } from './generated/api.js';
import { idOf, operationContext, type Fetch } from './operation-context.js';
import { retryingFetch, retryPolicyOf, type RetryPolicy } from './retry.js';

export type { CallOptions } from './operation-context.js';

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
  const fetchOnce: Fetch = options.fetch ?? ((request) => globalThis.fetch(request));
  const retrying = retryingFetch(fetchOnce, retryPolicyOf(options.retry));
  const raw: Client<paths> = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: fetchOnce, headers: options.headers });
  raw.use({
    async onRequest({ request }) {
      const token = typeof options.token === 'function' ? await options.token() : options.token;
      request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  const context = operationContext(raw, options.organizationId, fetchOnce, retrying);
  return {
    plans: planOperations(context),
    addonSubscriptions: addonOperations(context),
    eventDestinations: eventDestinationOperations(context),
    events: eventOperations(context),
    /** The underlying openapi-fetch client (typed by the same paths), without retries. */
    raw,
  };
}

/** A client made by createBillingClient. */
export type BillingClient = ReturnType<typeof createBillingClient>;
