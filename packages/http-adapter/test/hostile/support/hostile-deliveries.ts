import fc from 'fast-check';
import { STANDARD_SECRET } from '../../support/webhook-payloads.js';
import { signStandardBytes } from './deliveries.js';
import { hostileBodies, NUMBER_TOKENS } from './hostile-bodies.js';

/** A standard webhook delivery to send, built on demand (the signature needs the current time). */
export type DeliveryRecipe = { label: string; build: (serial: number) => { body: Buffer; headers: Record<string, string> } };

const TEXT_TOKENS = [
  '"a\\u0000b"', '"\\ud800"', '""', `"${'x'.repeat(5000)}"`, '"+275760-09-13T00:00:00.000Z"', '"-271821-04-20T00:00:00.000Z"',
  '"0000-01-01T00:00:00Z"', '"2030-02-30T00:00:00Z"', '"not a date"', '"2030-01-01T00:00:00.123456789Z"', 'null', '[]', '{}', 'true',
  '"\\u202e\\u0000\\uffff"', '"1e-999999999"',
];
const FIELDS = ['T', 'S', 'N', 'ST', 'I', 'Q', 'U', 'C', 'PS', 'PE', 'A', 'CA'] as const;
const DEFAULTS: Record<(typeof FIELDS)[number], (serial: number) => string> = {
  T: () => JSON.stringify(new Date().toISOString()),
  S: (n) => `"vm_fuzz_${n % 50}"`,
  N: () => '"VM"',
  ST: () => '"active"',
  I: (n) => `"item_fuzz_${n % 50}"`,
  Q: () => '2',
  U: () => '"1.20"',
  C: () => '"EUR"',
  PS: () => '"2030-01-01T00:00:00Z"',
  PE: () => '"2030-02-01T00:00:00Z"',
  A: () => '"23.60"',
  CA: () => JSON.stringify(new Date().toISOString()),
};
const EVENTS = [
  '{"type":"subscription.updated","timestamp":T,"data":{"subscriptionId":S,"name":N,"status":ST,"cancelAtPeriodEnd":false,"currentPeriodStart":PS,"currentPeriodEnd":PE,"items":[{"id":I,"addonCode":"backup","quantity":Q,"unitAmount":U,"currency":C}]}}',
  '{"type":"payment.succeeded","timestamp":T,"data":{"subscriptionId":S,"amount":A,"currency":C}}',
  '{"type":"payment.failed","timestamp":T,"data":{"subscriptionId":S,"amount":A,"currency":C}}',
  '{"type":"subscription.canceled","timestamp":T,"data":{"subscriptionId":S,"canceledAt":CA}}',
];

const fillEvent = (event: string, field: string, token: string, serial: number) =>
  event.replace(/\b(T|S|N|ST|I|Q|U|C|PS|PE|A|CA)\b(?=[,}\]])/g, (name) => (name === field ? token : DEFAULTS[name as (typeof FIELDS)[number]](serial)));

const signed = (label: string, body: (serial: number) => Buffer, sign = true): DeliveryRecipe => ({
  label,
  build: (serial) => {
    const bytes = body(serial);
    const id = `msg_fuzz_${serial}`;
    const ts = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(ts) };
    if (sign) headers['webhook-signature'] = signStandardBytes(STANDARD_SECRET, id, ts, bytes);
    return { body: bytes, headers };
  },
});

/** A signed event with one field hostile. */
const hostileEvent = fc
  .tuple(fc.constantFrom(...EVENTS), fc.constantFrom(...FIELDS), fc.constantFrom(...NUMBER_TOKENS, ...TEXT_TOKENS))
  .map(([event, field, token]) => signed(`event field ${field} = ${token.slice(0, 30)}`, (serial) => Buffer.from(fillEvent(event, field, token, serial))));

/** A hostile plan body (nesting, bytes, garbage...), signed so it gets past the signature. */
const signedGarbage = hostileBodies.map((r) => signed(`signed ${r.label}`, () => r.build()));

/** Bad or odd signature headers over a valid event. */
const badHeaders = fc
  .tuple(
    fc.constantFrom('webhook-id', 'webhook-timestamp', 'webhook-signature'),
    fc.constantFrom('', 'x', '99999999999999999999', '-1', '1e9', ' ', 'v1,', 'v1,AAAA', `v1,${'A'.repeat(8000)}`, Array(400).fill('v1,AAAA').join(' '), 'v2,abc', '0'.repeat(4000)),
    fc.boolean(),
  )
  .map(([name, value, unsigned]) => {
    const base = signed(`header ${name} = ${value.slice(0, 20)}`, (serial) => Buffer.from(fillEvent(EVENTS[0]!, '', '', serial)), !unsigned);
    return { label: base.label, build: (serial: number) => {
      const built = base.build(serial);
      return { ...built, headers: { ...built.headers, [name]: value } };
    } };
  });

/** Hostile deliveries for POST /api/v1/webhooks/standard. */
export const hostileDeliveries: fc.Arbitrary<DeliveryRecipe> = fc.oneof(
  { weight: 5, arbitrary: hostileEvent },
  { weight: 3, arbitrary: signedGarbage },
  { weight: 2, arbitrary: badHeaders },
);
