import type { AddonPricingModel, AddonType, NormalizedAddonItem } from '../contract.js';
import { minorToMajor } from './money.js';
import type { UpsertedSubscription } from './normalized-event.js';
import {
  type JsonObject, PayloadFieldError, isJsonObject, optObject, optObjectArray, optString, optUnixDate, readBoolean, readCount,
  readObject, readString, stringEntries,
} from './read-json.js';
import { mapProviderStatus } from './status.js';

function addonType(price: JsonObject, path: string): AddonType {
  const recurring = optObject(price, 'recurring', path);
  if (recurring === undefined) return 'ADDON_TYPE_ONE_TIME';
  return recurring['usage_type'] === 'metered' ? 'ADDON_TYPE_USAGE' : 'ADDON_TYPE_RECURRING';
}

function pricingModel(price: JsonObject): AddonPricingModel {
  if (price['billing_scheme'] === 'tiered') return 'PRICING_MODEL_TIERED';
  if (price['transform_quantity'] !== null && price['transform_quantity'] !== undefined) return 'PRICING_MODEL_PACKAGE';
  return 'PRICING_MODEL_PER_UNIT';
}

/**
 * A Stripe subscription item as an add-on; `undefined` when its price has no `addon_code`.
 * @example stripeAddonItem(subscription.items.data[0], 'data.object.items.data[0]')
 */
export function stripeAddonItem(item: JsonObject, path: string): NormalizedAddonItem | undefined {
  const price = readObject(item, 'price', path);
  const pricePath = `${path}.price`;
  const priceMetadata = optObject(price, 'metadata', pricePath);
  const addonCode = priceMetadata ? optString(priceMetadata, 'addon_code', `${pricePath}.metadata`) : undefined;
  if (addonCode === undefined) return undefined;
  const currency = readString(price, 'currency', pricePath);
  // NOTE: tiered prices carry no unit amount (their tiers are not in webhook payloads): '0'.
  const minor = price['unit_amount_decimal'] ?? price['unit_amount'] ?? '0';
  const unitAmount = minorToMajor(minor, currency, 'stripe');
  if (unitAmount === undefined) {
    throw new PayloadFieldError(`${pricePath}.unit_amount`, `or currency is not a valid amount in ${currency}`);
  }
  const product = price['product'];
  // NOTE: `product` is an id unless the sender expanded it; only then is a name known.
  const productName = isJsonObject(product) ? optString(product, 'name', `${pricePath}.product`) : undefined;
  return {
    externalId: readString(item, 'id', path),
    addonCode,
    displayName: productName ?? addonCode,
    addonType: addonType(price, pricePath),
    pricingModel: pricingModel(price),
    quantity: readCount(item, 'quantity', path, 0),
    unitAmount,
    currency: currency.toUpperCase(),
    metadata: { ...stringEntries(priceMetadata), ...stringEntries(optObject(item, 'metadata', path)) },
  };
}

/** Current period: on the subscription (older API versions) or on its items (2025-03-31 and later). */
function currentPeriod(sub: JsonObject, items: JsonObject[], path: string): { start: Date | null; end: Date | null } {
  const start = optUnixDate(sub, 'current_period_start', path);
  const end = optUnixDate(sub, 'current_period_end', path);
  if (start !== undefined || end !== undefined) return { start: start ?? null, end: end ?? null };
  // NOTE: items may differ; the earliest ending item marks when the subscription next renews.
  let best: { start: Date | null; end: Date | null } = { start: null, end: null };
  items.forEach((item, index) => {
    const itemPath = `${path}.items.data[${index}]`;
    const itemEnd = optUnixDate(item, 'current_period_end', itemPath);
    if (itemEnd !== undefined && (best.end === null || itemEnd < best.end)) {
      best = { start: optUnixDate(item, 'current_period_start', itemPath) ?? null, end: itemEnd };
    }
  });
  return best;
}

/**
 * Reads a Stripe Subscription object into the `subscription.upserted` shape.
 * @example stripeSubscription(event.data.object, 'data.object').addons[0]?.addonCode // 'extra_ip'
 */
export function stripeSubscription(sub: JsonObject, path: string): UpsertedSubscription {
  const providerStatus = readString(sub, 'status', path);
  const addonStatus = mapProviderStatus(providerStatus);
  if (addonStatus === undefined) throw new PayloadFieldError(`${path}.status`, `"${providerStatus}" is not a known status`);
  const itemList = optObject(sub, 'items', path);
  const items = itemList ? optObjectArray(itemList, 'data', `${path}.items`) : [];
  const period = currentPeriod(sub, items, path);
  // NOTE: newer Stripe versions schedule a cancellation with `cancel_at` (often the period end)
  // instead of `cancel_at_period_end`; both mean the add-on ends at a known date.
  const cancelAt = optUnixDate(sub, 'cancel_at', path);
  const end = cancelAt !== undefined && (period.end === null || cancelAt < period.end) ? cancelAt : period.end;
  const addons: NormalizedAddonItem[] = [];
  items.forEach((item, index) => {
    const addon = stripeAddonItem(item, `${path}.items.data[${index}]`);
    if (addon) addons.push(addon);
  });
  const id = readString(sub, 'id', path);
  return {
    name: optString(sub, 'description', path) ?? id,
    providerStatus,
    addonStatus,
    cancelAtPeriodEnd: readBoolean(sub, 'cancel_at_period_end', path, false) || cancelAt !== undefined,
    currentPeriodStart: period.start,
    currentPeriodEnd: end,
    canceledAt: optUnixDate(sub, 'canceled_at', path) ?? null,
    addons,
  };
}
