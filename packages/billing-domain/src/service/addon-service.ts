import { toAddonSubscription, type AddonState } from '../domain/addon-state.js';
import { cancel, undoCancel } from '../domain/transitions.js';
import type { AddonSubscription, AddonSubscriptionService, DomainError, Outcome } from '../contract.js';
import type { BillingStore, SubscriptionRecord } from '../domain/ports.js';
import { isStorableText } from '../webhooks/storable-text.js';
import { MAX_PAGE_TOKEN_LENGTH, pageSizeRefusal, readPage, timeIdCursor } from './paging.js';
import { pageTokenKey, storageGuard, type StorageGuard } from './service-support.js';

const failure = (error: DomainError): { ok: false; error: DomainError } => ({ ok: false, error });
const notFound = (id: string) => failure({ code: 'addon.not_found', message: `add-on subscription ${id} not found` });
const invalidField = (code: DomainError['code'], field: string, description: string) =>
  failure({ code, message: description, fieldViolations: [{ field, description }] });

// NOTE: PostgreSQL cannot hold NUL (or an unpaired surrogate), so such an id names nothing; it is
// refused as an invalid argument before storage, whose error would otherwise read as unavailable.
const unstorable = (field: string, value: string | undefined) =>
  value === undefined || isStorableText(value)
    ? undefined
    : invalidField('request.invalid_argument', field, `${field} must not contain NUL characters`);

/** A pure change of one add-on, given its parent as read under the lock (null when not stored). */
type Change = (addon: AddonState, parent: SubscriptionRecord | null, now: Date) => Outcome<AddonState>;

/**
 * Locks the parent subscription, then the add-on (the order webhook processing uses too, so the
 * two never deadlock), applies the change and saves it when it changed anything.
 */
// NOTE: the parent the change sees is the one read by the locking read, not a second read:
// precondition and change see one state, whatever another transaction does in between.
function lockedChange(store: BillingStore, guarded: StorageGuard, change: Change) {
  return async (organizationId: string, id: string, now: Date): Promise<Outcome<AddonSubscription>> =>
    unstorable('addonSubscriptionId', id) ??
    guarded(() =>
      store.transaction(async (uow) => {
        const peek = await uow.addons.findById(organizationId, id);
        if (peek === null) return notFound(id);
        const parent = await uow.subscriptions.findById(organizationId, peek.subscriptionId, { forUpdate: true });
        const addon = await uow.addons.findById(organizationId, id, { forUpdate: true });
        if (addon === null) return notFound(id);
        // NOTE: an add-on never changes parent, so the parent locked through the peek is the add-on's.
        const outcome = change(addon, parent, now);
        if (!outcome.ok) return outcome;
        if (outcome.value !== addon) await uow.addons.update(outcome.value);
        return { ok: true, value: toAddonSubscription(outcome.value) };
      }),
    );
}

/** Limits of the add-on operations. */
export interface AddonServiceOptions {
  /** Longest page token accepted (default MAX_PAGE_TOKEN_LENGTH, 1024); longer is invalid_page_token. */
  pageTokenMaxLength?: number;
}

/**
 * get/list/cancel/undoCancel over a store, scoped by organization; expected outcomes as values.
 * @example await createAddonService(store).cancel('org_1', 'a1', new Date())
 */
export function createAddonService(
  store: BillingStore,
  onError?: (error: unknown) => void,
  options: AddonServiceOptions = {},
): AddonSubscriptionService {
  const guarded = storageGuard(onError);
  const maxTokenLength = options.pageTokenMaxLength ?? MAX_PAGE_TOKEN_LENGTH;
  const key = pageTokenKey(store);
  return {
    get: async (organizationId, id) =>
      unstorable('addonSubscriptionId', id) ??
      guarded(() =>
        store.transaction(async (uow) => {
          const addon = await uow.addons.findById(organizationId, id);
          return addon === null ? notFound(id) : { ok: true, value: toAddonSubscription(addon) };
        }),
      ),
    list: async (organizationId, query) =>
      pageSizeRefusal(query.pageSize) ??
      unstorable('subscriptionId', query.subscriptionId) ??
      unstorable('externalSubscriptionId', query.externalSubscriptionId) ??
      guarded(async () => {
        const page = await readPage({
          key,
          scope: ['addonSubscriptions.list/v1', organizationId, query.subscriptionId ?? null, query.externalSubscriptionId ?? null],
          pageSize: query.pageSize,
          pageToken: query.pageToken,
          maxTokenLength,
          cursor: timeIdCursor,
          fetch: (limit, after) =>
            store.transaction((uow) =>
              uow.addons.listPage(organizationId, {
                ...(query.subscriptionId !== undefined ? { subscriptionId: query.subscriptionId } : {}),
                ...(query.externalSubscriptionId !== undefined ? { externalSubscriptionId: query.externalSubscriptionId } : {}),
                ...(after ? { after } : {}),
                limit,
              }),
            ),
        });
        return page.ok ? { ok: true, value: { addonSubscriptions: page.value.rows.map(toAddonSubscription), nextPageToken: page.value.nextPageToken } } : page;
      }),
    cancel: lockedChange(store, guarded, (addon, _parent, now) => cancel(addon, now)),
    undoCancel: lockedChange(store, guarded, (addon, parent, now) =>
      undoCancel(addon, now, parent ?? { status: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: false }),
    ),
  };
}
