import { minorToMajor } from './money.js';
import { stripeMinorDigits } from './provider-currency.js';
import type { PaymentAmount } from './normalized-event.js';
import { type JsonObject, PayloadFieldError, isJsonObject, optObject, optString } from './read-json.js';

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (isJsonObject(value) && typeof value['id'] === 'string' && value['id'] !== '') return value['id'];
  return undefined;
}

/**
 * The subscription an invoice bills: `subscription` (string or expanded object), or
 * `parent.subscription_details.subscription` in API versions from 2025-03-31; '' for none.
 * @example stripeInvoiceSubscriptionId({ subscription: 'sub_1' }) // 'sub_1'
 */
export function stripeInvoiceSubscriptionId(invoice: JsonObject, path: string): string {
  const direct = idOf(invoice['subscription']);
  if (direct !== undefined) return direct;
  const details = optObject(optObject(invoice, 'parent', path) ?? {}, 'subscription_details', `${path}.parent`);
  return idOf(details?.['subscription']) ?? '';
}

/**
 * An invoice amount in major units: `amount_paid` for payments, `amount_due` for failures.
 * @example stripeInvoiceAmount({ amount_paid: 1200, currency: 'usd' }, 'amount_paid', 'data.object') // { amount: '12.00', currency: 'USD' }
 */
export function stripeInvoiceAmount(invoice: JsonObject, field: 'amount_paid' | 'amount_due', path: string): PaymentAmount {
  const currency = optString(invoice, 'currency', path);
  const minor = invoice[field];
  if (currency === undefined || minor === undefined || minor === null) return { amount: null, currency: currency?.toUpperCase() ?? null };
  const amount = minorToMajor(minor, currency, stripeMinorDigits);
  if (amount === undefined) throw new PayloadFieldError(`${path}.${field}`, `is not an integer amount in ${currency}`);
  return { amount, currency: currency.toUpperCase() };
}
