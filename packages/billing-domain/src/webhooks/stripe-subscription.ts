import type { AddonPricingModel, AddonType } from '../contract.js';
import type { NormalizedAddonItem } from '../domain/billing-event.js';
import { minorToMajor } from './money.js';
import { stripeMinorDigits } from './provider-currency.js';
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

/** `addon_code` on the price's metadata, else on its product's when the product is expanded. */
function addonCodeOf(price: JsonObject, pricePath: string) {
  const priceMetadata = optObject(price, 'metadata', pricePath);
  const product = price['product'];
  const productPath = `${pricePath}.product`;
  // NOTE: `product` is an id unless the sender expanded it; only then are its name and metadata known.
  const expanded = isJsonObject(product) ? product : undefined;
  const productMetadata = expanded ? optObject(expanded, 'metadata', productPath) : undefined;
  const addonCode =
    (priceMetadata && optString(priceMetadata, 'addon_code', `${pricePath}.metadata`)) ??
    (productMetadata && optString(productMetadata, 'addon_code', `${productPath}.metadata`));
  const productName = expanded ? optString(expanded, 'name', productPath) : undefined;
  return { addonCode, productName, metadata: { ...stringEntries(productMetadata), ...stringEntries(priceMetadata) } };
}

/**
 * A Stripe subscription item as an add-on; `undefined` when neither its price nor the price's
 * (expanded) product has `addon_code` in its metadata. `cancelAt` is the subscription's scheduled
 * end, which is also the end of each of its lines.
 * @example stripeAddonItem(subscription.items.data[0], 'data.object.items.data[0]')
 */
export function stripeAddonItem(item: JsonObject, path: string, cancelAt?: Date): NormalizedAddonItem | undefined {
  const price = readObject(item, 'price', path);
  const pricePath = `${path}.price`;
  const { addonCode, productName, metadata } = addonCodeOf(price, pricePath);
  if (addonCode === undefined) return undefined;
  const currency = readString(price, 'currency', pricePath);
  // NOTE: tiered prices carry no unit amount (their tiers are not in webhook payloads): '0'.
  const minor = price['unit_amount_decimal'] ?? price['unit_amount'] ?? '0';
  const unitAmount = minorToMajor(minor, currency, stripeMinorDigits);
  if (unitAmount === undefined) {
    throw new PayloadFieldError(`${pricePath}.unit_amount`, `or currency is not a valid amount in ${currency}`);
  }
  const product = price['product'];
  // NOTE: `product` is an id unless the sender expanded it; only then is a name known.
  const productId = isJsonObject(product) ? optString(product, 'id', `${pricePath}.product`) : optString(price, 'product', pricePath);
  const itemStart = optUnixDate(item, 'current_period_start', path);
  const itemEnd = cancelAt ?? optUnixDate(item, 'current_period_end', path);
  return {
    externalId: readString(item, 'id', path),
    addonCode,
    addonId: productId ?? '',
    addonPriceId: optString(price, 'id', pricePath) ?? '',
    addonName: productName ?? optString(price, 'nickname', pricePath) ?? addonCode,
    addonType: addonType(price, pricePath),
    pricingModel: pricingModel(price),
    quantity: readCount(item, 'quantity', path, 0),
    unitAmount,
    currency: currency.toUpperCase(),
    metadata: { ...metadata, ...stringEntries(optObject(item, 'metadata', path)) },
    // NOTE: items carry their own period from 2025-03-31.basil (flexible billing); older ones do not.
    ...(itemStart === undefined ? {} : { currentPeriodStart: itemStart }),
    ...(itemEnd === undefined ? {} : { currentPeriodEnd: itemEnd }),
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
  // NOTE: a cancellation scheduled for a date (`cancel_at`, which may lie beyond the current
  // period, or equal its end when `cancel_at_period_end` is set) ends the subscription and every
  // line at that date: the end date is `cancel_at`, and the add-ons are set to end.
  const cancelAt = optUnixDate(sub, 'cancel_at', path);
  const end = cancelAt ?? period.end;
  const addons: NormalizedAddonItem[] = [];
  items.forEach((item, index) => {
    const addon = stripeAddonItem(item, `${path}.items.data[${index}]`, cancelAt);
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
