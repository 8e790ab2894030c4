import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paddleEventBody, paddleItem, paddlePrice, paddleSubscription, paddleTransaction } from '../../test/fixtures/webhooks/paddle.js';
import { stripeEventBody, stripeInvoice, stripeItem, stripePrice, stripeSubscription } from '../../test/fixtures/webhooks/stripe.js';
import { normalizeWebhookEvent } from './normalize.js';
import { byShape, entry, list, object, optText, text, variant } from './payload-schema.js';

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};
const outcome = (provider: 'stripe' | 'paddle', rawBody: string) => {
  const result = normalizeWebhookEvent(provider, { headers: {}, rawBody });
  return result.ok ? result.event.kind : result.message;
};

describe('examples: the pieces word their refusals as the acknowledgement shows them', () => {
  it('absent and null are "is required"; a wrong kind names what is wanted', () => {
    const schema = object({ id: text, note: optText, lines: list(entry({ id: text })) });
    expect(problems(schema, { note: null, lines: null })).toEqual([['id', 'is required']]);
    expect(problems(schema, { id: '', note: 5, lines: [null, { id: 1 }] })).toEqual([
      ['id', 'must be a non-empty string'],
      ['note', 'must be a non-empty string'],
      ['lines.0', 'must be an object'],
      ['lines.1.id', 'must be a non-empty string'],
    ]);
    expect(problems(schema, [])).toEqual([['', 'must be an object']]);
  });

  it('variant reads the schema its head picks, and reports that schema\'s issues at their own paths', () => {
    const full = object({ kind: text, size: text });
    const schema = object({ item: variant(object({ kind: optText }), ({ kind }) => (kind === 'big' ? full : object({}))) });
    expect(schema.parse({ item: { kind: 'small', size: 3 } })).toEqual({ item: {} });
    expect(problems(schema, { item: { kind: 'big', size: 3 } })).toEqual([['item.size', 'must be a non-empty string']]);
    expect(problems(schema, {})).toEqual([['item', 'is required']]);
  });

  it('byShape reads an expanded object as an object and anything else as the other schema', () => {
    const product = byShape(object({ id: text }), optText);
    expect(problems(product, { id: 5 })).toEqual([['id', 'must be a non-empty string']]);
    expect(problems(product, 5)).toEqual([['', 'must be a non-empty string']]);
    expect(product.parse('prod_1')).toBe('prod_1');
  });
});

describe('examples: what is not ours is not judged', () => {
  it('Stripe: a line that is no add-on is not read for add-on fields', () => {
    const vm = stripeItem({ id: '', quantity: -1, price: stripePrice({ metadata: { plan: 'vm' }, currency: 'zz' }) });
    expect(outcome('stripe', stripeEventBody('customer.subscription.updated', stripeSubscription({}, [vm])))).toBe('subscription.upserted');
  });

  it('Stripe: an update to canceled reads only what ends the subscription', () => {
    const ended = stripeSubscription({ status: 'canceled', items: 'not a list' });
    expect(outcome('stripe', stripeEventBody('customer.subscription.updated', ended))).toBe('subscription.canceled');
    expect(outcome('stripe', stripeEventBody('customer.subscription.created', ended))).toBe('invalid payload: data.object.items must be an object');
  });

  it('Stripe: an invoice for no subscription is ignored whatever its amounts', () => {
    const invoice = stripeInvoice({ parent: null, currency: 5, amount_paid: 'lots' });
    expect(outcome('stripe', stripeEventBody('invoice.paid', invoice))).toBe('ignored');
  });

  it('Paddle: a line without addon_code and a transaction for no subscription are not read further', () => {
    const line = paddleItem({ quantity: -1, price: paddlePrice({ custom_data: null, unit_price: null }) });
    expect(outcome('paddle', paddleEventBody('subscription.updated', paddleSubscription({}, [line])))).toBe('subscription.upserted');
    const transaction = paddleTransaction({ subscription_id: null, details: 'none' });
    expect(outcome('paddle', paddleEventBody('transaction.completed', transaction))).toBe('ignored');
  });

  it('unknown fields are ignored', () => {
    const sub = stripeSubscription({ brand_new_field: { deeply: [1, 2, 3] } });
    expect(outcome('stripe', stripeEventBody('customer.subscription.created', sub, { another: true }))).toBe('subscription.upserted');
  });
});
