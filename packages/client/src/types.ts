import type { components, operations } from './generated/api.js';

type Schemas = components['schemas'];

/** The body of `POST /v1/plans:calculate`: prices, instances and calculation settings. */
export type PlanRequest = Schemas['PlanRequest'];
/** The priced plan: line items, totals as decimal strings, and `debug` with `view: 'FULL'`. */
export type PlanResult = Schemas['PlanResult'];
/** An add-on of a VM subscription, as the server returns it. */
export type AddonSubscription = Schemas['AddonSubscription'];
/** One page of add-on subscriptions; `nextPageToken` is '' on the last page. */
export type AddonSubscriptionPage = Schemas['ListAddonSubscriptionsResponse'];
/** The filter and page of `GET /v1/addon-subscriptions`. */
export type ListAddonSubscriptionsQuery = NonNullable<operations['listAddonSubscriptions']['parameters']['query']>;
/** The AIP-193 error body every `/v1` endpoint answers with. */
export type ErrorBody = Schemas['Error'];
/** A canonical status of an AIP-193 error (`NOT_FOUND`, `INVALID_ARGUMENT`, ...). */
export type CanonicalStatus = ErrorBody['error']['status'];
/** One invalid field of a request: its path (`planConfig.prices[0].unitAmount`) and why. */
export type FieldViolation = Schemas['FieldViolation'];
/** An entry of an AIP-193 error's `details`. */
export type ErrorDetail = ErrorBody['error']['details'][number];
