import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STANDARD_SECRET, standardEvent } from '../../support/webhook-payloads.js';

type Json = Record<string, unknown>;

/** `BILLING_FAULT_SCALE` multiplies every event count of the fault tests (default 1). */
export const FAULT_SCALE = Math.max(1, Number(process.env['BILLING_FAULT_SCALE']) || 1);

/** The organizations the fault tests deliver to, each with its own standard endpoint (bearer required). */
export const FAULT_ORGS = ['org_fault_1', 'org_fault_2'] as const;

/** A BILLING_CONFIG file with one standard endpoint per fault organization. */
export function writeFaultConfig(): string {
  const dir = mkdtempSync(join(tmpdir(), 'billing-faults-config-'));
  const path = join(dir, 'billing.json');
  const webhookEndpoints = FAULT_ORGS.map((organizationId) => ({
    provider: 'standard',
    organizationId,
    secrets: [STANDARD_SECRET],
    requireBearer: true,
    toleranceSeconds: 300,
  }));
  writeFileSync(path, JSON.stringify({ webhookEndpoints }));
  return path;
}

/** One provider event: its organization, its `webhook-id`, its body. */
export interface FaultEvent {
  org: string;
  /** The sender's subscription id. */
  sub: string;
  id: string;
  /** The event time (the body's `timestamp`), used for the in-order reference delivery. */
  at: number;
  payload: Json;
}

/** A small deterministic PRNG (mulberry32), so a failing run can be replayed from its seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with the given PRNG. */
export function shuffle<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const T0 = Date.parse('2025-03-01T00:00:00.000Z');
const PERIOD_START = new Date(T0);
const PERIOD_END = new Date(T0 + 30 * 24 * 3600_000);

interface Line {
  code: 'backup' | 'extra_ipv4';
  quantity: number;
}

function snapshot(at: Date, sub: string, status: string, lines: Line[]): Json {
  return {
    type: 'subscription.updated',
    timestamp: at.toISOString(),
    data: {
      subscriptionId: sub,
      name: `VM ${sub}`,
      status,
      cancelAtPeriodEnd: false,
      currentPeriodStart: PERIOD_START.toISOString(),
      currentPeriodEnd: PERIOD_END.toISOString(),
      items: [
        { id: `${sub}_vm`, quantity: 1, unitAmount: '20.00', currency: 'EUR' },
        ...lines.map((l) => ({ id: `${sub}_${l.code}`, addonCode: l.code, quantity: l.quantity, unitAmount: l.code === 'backup' ? '1.20' : '0.50', currency: 'EUR' })),
      ],
    },
  };
}

type Step = (at: Date, sub: string) => Json;

/**
 * Lives of one subscription, in time order, with snapshots (`subscription.updated`) that carry the
 * provider's status at their time. The first life has a snapshot older than later payments and a
 * cancellation, so a random delivery order also exercises late snapshots.
 */
const LIVES: Step[][] = [
  // the whole life: created, upgraded, a failed and a recovered payment, canceled
  [
    (at, s) => snapshot(at, s, 'active', [{ code: 'backup', quantity: 1 }]),
    (at, s) => snapshot(at, s, 'active', [{ code: 'backup', quantity: 2 }, { code: 'extra_ipv4', quantity: 1 }]),
    (at, s) => standardEvent('payment.failed', at, s),
    (at, s) => standardEvent('payment.succeeded', at, s),
    (at, s) => standardEvent('subscription.canceled', at, s),
  ],
  // renewal: a failed and a recovered payment, then an upgrade adding a second add-on
  [
    (at, s) => snapshot(at, s, 'active', [{ code: 'backup', quantity: 1 }]),
    (at, s) => standardEvent('payment.failed', at, s),
    (at, s) => standardEvent('payment.succeeded', at, s),
    (at, s) => snapshot(at, s, 'active', [{ code: 'backup', quantity: 3 }, { code: 'extra_ipv4', quantity: 2 }]),
  ],
  // dunning: a failed payment, then the provider reports past_due with a changed quantity
  [
    (at, s) => snapshot(at, s, 'active', [{ code: 'backup', quantity: 2 }, { code: 'extra_ipv4', quantity: 1 }]),
    (at, s) => standardEvent('payment.failed', at, s),
    (at, s) => snapshot(at, s, 'past_due', [{ code: 'backup', quantity: 2 }, { code: 'extra_ipv4', quantity: 4 }]),
  ],
  // pending until paid, later canceled
  [
    (at, s) => snapshot(at, s, 'pending', [{ code: 'backup', quantity: 1 }]),
    (at, s) => standardEvent('payment.succeeded', at, s),
    (at, s) => standardEvent('subscription.canceled', at, s),
  ],
  // a failed payment, then canceled
  [
    (at, s) => snapshot(at, s, 'active', [{ code: 'extra_ipv4', quantity: 1 }]),
    (at, s) => standardEvent('payment.failed', at, s),
    (at, s) => standardEvent('subscription.canceled', at, s),
  ],
];

/**
 * About `count` events (never fewer) for several subscriptions spread over the fault organizations,
 * each subscription with distinct, increasing event times. `tag` keeps ids unique between tests.
 */
export function eventMix(count: number, tag: string): FaultEvent[] {
  const events: FaultEvent[] = [];
  for (let n = 0; events.length < count; n++) {
    const org = FAULT_ORGS[n % FAULT_ORGS.length] as string;
    const sub = `${tag}_sub_${n}`;
    const life = LIVES[n % LIVES.length] as Step[];
    life.forEach((step, i) => {
      const at = T0 + n * 3600_000 + (i + 1) * 60_000;
      events.push({ org, sub, id: `${sub}_evt_${i}`, at, payload: step(new Date(at), sub) });
    });
  }
  return events;
}
