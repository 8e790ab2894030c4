import type { NormalizedAddonItem } from '../domain/billing-event.js';
import { minorToMajor } from './money.js';
import { paddleMinorDigits } from './provider-currency.js';
import type { UpsertedSubscription } from './normalized-event.js';
import {
  type JsonObject, PayloadFieldError, optIsoDate, optObject, optObjectArray, optString, readCount, readObject,
  readString, stringEntries,
} from './read-json.js';
import { mapProviderStatus } from './status.js';

/**
 * A Paddle subscription item as an add-on; `undefined` when its price has no
 * `custom_data.addon_code`. Paddle items carry no id, so the add-on code is the external id.
 * @example paddleAddonItem(data.items[0], 'data.items[0]')?.externalId // 'extra_ipv4'
 */
export function paddleAddonItem(item: JsonObject, path: string): NormalizedAddonItem | undefined {
  const pricePath = `${path}.price`;
  const price = optObject(item, 'price', path);
  const customData = price ? optObject(price, 'custom_data', pricePath) : undefined;
  const addonCode = customData ? optString(customData, 'addon_code', `${pricePath}.custom_data`) : undefined;
  if (price === undefined || addonCode === undefined) return undefined;
  const unitPrice = readObject(price, 'unit_price', pricePath);
  const currency = readString(unitPrice, 'currency_code', `${pricePath}.unit_price`);
  const unitAmount = minorToMajor(unitPrice['amount'], currency, paddleMinorDigits);
  if (unitAmount === undefined) {
    throw new PayloadFieldError(`${pricePath}.unit_price.amount`, `must be a string of minor units of ${currency}`);
  }
  const product = optObject(item, 'product', path) ?? optObject(price, 'product', pricePath);
  const productName = product ? optString(product, 'name', `${path}.product`) : undefined;
  const oneTime = optObject(price, 'billing_cycle', pricePath) === undefined || item['recurring'] === false;
  const priceId = readString(price, 'id', pricePath);
  return {
    // NOTE: Paddle items have no id, and a price change replaces the item's price: keyed by the
    // price id, one add-on would end and a second begin. An add-on is (subscription, add-on code),
    // so the code identifies it and a price change updates it in place.
    externalId: addonCode,
    addonCode,
    addonId: optString(price, 'product_id', pricePath) ?? (product ? optString(product, 'id', `${path}.product`) : undefined) ?? '',
    addonPriceId: priceId,
    addonName: productName ?? optString(price, 'name', pricePath) ?? optString(price, 'description', pricePath) ?? addonCode,
    addonType: oneTime ? 'ADDON_TYPE_ONE_TIME' : 'ADDON_TYPE_RECURRING',
    // NOTE: a Paddle price is always a unit price times the quantity.
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    quantity: readCount(item, 'quantity', path, 0),
    unitAmount,
    currency: currency.toUpperCase(),
    metadata: stringEntries(customData),
  };
}

/**
 * Reads a Paddle subscription entity (`data`) into the `subscription.upserted` shape.
 * `scheduled_change.action` `cancel` means it ends at `scheduled_change.effective_at`.
 * @example paddleSubscription(event.data, 'data').cancelAtPeriodEnd // true
 */
export function paddleSubscription(sub: JsonObject, path: string): UpsertedSubscription {
  const providerStatus = readString(sub, 'status', path);
  const addonStatus = mapProviderStatus(providerStatus);
  if (addonStatus === undefined) throw new PayloadFieldError(`${path}.status`, `"${providerStatus}" is not a known status`);
  const period = optObject(sub, 'current_billing_period', path);
  const periodPath = `${path}.current_billing_period`;
  const change = optObject(sub, 'scheduled_change', path);
  const cancelling = change !== undefined && change['action'] === 'cancel';
  const cancelAt = cancelling ? optIsoDate(change, 'effective_at', `${path}.scheduled_change`) : undefined;
  const addons: NormalizedAddonItem[] = [];
  optObjectArray(sub, 'items', path).forEach((item, index) => {
    const addon = paddleAddonItem(item, `${path}.items[${index}]`);
    if (addon) addons.push(addon);
  });
  return {
    name: readString(sub, 'id', path),
    providerStatus,
    addonStatus,
    cancelAtPeriodEnd: cancelling,
    currentPeriodStart: (period && optIsoDate(period, 'starts_at', periodPath)) ?? null,
    currentPeriodEnd: cancelAt ?? (period && optIsoDate(period, 'ends_at', periodPath)) ?? null,
    canceledAt: optIsoDate(sub, 'canceled_at', path) ?? null,
    addons,
  };
}
