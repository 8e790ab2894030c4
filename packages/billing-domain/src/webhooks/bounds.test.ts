import { describe, expect, it } from 'vitest';
import { paddleEventBody, paddleSubscription } from '../../test/fixtures/webhooks/paddle.js';
import { standardBody, standardItem, standardSubscriptionData } from '../../test/fixtures/webhooks/standard.js';
import { stripeEventBody, stripeItem, stripePrice, stripeSubscription } from '../../test/fixtures/webhooks/stripe.js';
import { normalizeWebhookEvent } from './normalize.js';
import { isBoundedAmount, isStorableTime, MAX_QUANTITY } from './bounds.js';

const standardHeaders = { 'webhook-id': 'msg_1', 'webhook-timestamp': '1718000000', 'webhook-signature': 'v1,x' };
const refusal = (provider: 'stripe' | 'paddle' | 'standard', rawBody: string) => {
  const result = normalizeWebhookEvent(provider, { headers: standardHeaders, rawBody });
  return result.ok ? 'accepted' : result.message;
};

// NOTE: each of these was a 503 "storage is unavailable" before: the normalizer accepted a value
// the store could not hold (year 0, a 16-digit quantity, a 30-digit amount), the insert failed,
// and the provider would have retried the delivery forever.
describe('examples: values the store cannot hold are malformed payloads, at their path', () => {
  it.each([
    ['standard timestamp in year 0', standardBody('subscription.updated', standardSubscriptionData(), { timestamp: '0000-01-01T00:00:00Z' }), 'timestamp'],
    ['standard period end in year 0', standardBody('subscription.updated', standardSubscriptionData({ currentPeriodEnd: '0000-06-01T00:00:00Z' })), 'currentPeriodEnd'],
    ['standard quantity of 10^15', standardBody('subscription.updated', standardSubscriptionData({ items: [standardItem({ quantity: 1e15 })] })), 'quantity'],
    ['standard amount of 30 digits', standardBody('subscription.updated', standardSubscriptionData({ items: [standardItem({ unitAmount: '1'.repeat(30) })] })), 'unitAmount'],
    ['standard payment amount of 30 digits', standardBody('payment.succeeded', { subscriptionId: 's', amount: '9'.repeat(30), currency: 'USD' }), 'amount'],
  ])('%s', (_, body, field) => {
    expect(refusal('standard', body)).toMatch(new RegExp(field));
  });

  it('stripe: a created time past year 9999, a quantity past the store integer, a 40-digit unit amount', () => {
    expect(refusal('stripe', stripeEventBody('customer.subscription.updated', stripeSubscription(), { created: 253402300800 }))).toMatch(/created/);
    expect(refusal('stripe', stripeEventBody('customer.subscription.updated', stripeSubscription({}, [stripeItem({ quantity: MAX_QUANTITY + 1 })])))).toMatch(/quantity/);
    const huge = stripeItem({ price: stripePrice({ unit_amount: null, unit_amount_decimal: '9'.repeat(40) }) });
    expect(refusal('stripe', stripeEventBody('customer.subscription.updated', stripeSubscription({}, [huge])))).toMatch(/unit_amount/);
  });

  it('paddle: an occurred_at in year 0', () => {
    expect(refusal('paddle', paddleEventBody('subscription.updated', paddleSubscription(), { occurred_at: '0000-01-01T00:00:00Z' }))).toMatch(/occurred_at/);
  });

  it('values at the bounds are accepted', () => {
    expect(refusal('standard', standardBody('subscription.updated', standardSubscriptionData({ items: [standardItem({ quantity: MAX_QUANTITY, unitAmount: '999999999999999999.999999999999' })] })))).toBe('accepted');
    expect(isStorableTime(Date.parse('9999-12-31T23:59:59Z'))).toBe(true);
    expect(isStorableTime(Date.parse('1970-01-01T00:00:00Z'))).toBe(true);
    expect(isBoundedAmount('0.000000000001')).toBe(true);
    expect(isBoundedAmount('0.0000000000001')).toBe(false);
  });
});
