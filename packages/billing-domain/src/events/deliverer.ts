import { randomBytes } from 'node:crypto';
import type { BillingStore } from '../domain/ports.js';
import type { AttemptOutcome, LeasedDelivery } from './event-ports.js';
import type { EventSender } from './http-sender.js';
import { nextStep, type DeliveryPolicy } from './retry-schedule.js';
import { webhookHeaders } from './signing.js';

/** The deliverer's settings (see docs/events.md for the environment variables). */
export interface DelivererOptions {
  store: BillingStore;
  send: EventSender;
  policy: DeliveryPolicy;
  /** An attempt that takes longer is a failure (BILLING_EVENT_TIMEOUT_MS, default 15,000). */
  timeoutMs: number;
  /** Attempts in flight to one destination at most (BILLING_EVENT_DESTINATION_CONCURRENCY, default 10). */
  slotsPerDestination: number;
  /** Attempts in flight in this process at most (BILLING_EVENT_MAX_IN_FLIGHT, default 500). */
  maxInFlight: number;
  /** Milliseconds between looks for due deliveries when idle (BILLING_EVENT_POLL_MS, default 250). */
  pollMs: number;
  /** Events older than this are deleted with their deliveries (BILLING_EVENT_RETENTION_DAYS, default 30). */
  retentionMs: number;
  /** A lease outlives the attempt's timeout by this much (BILLING_EVENT_LEASE_MARGIN_MS, default 10 s; at most 30 s by contract). */
  leaseMarginMs?: number;
  clock?: () => Date;
  /** In [0, 1): the jitter of the retry waits. */
  random?: () => number;
  /** Told of every attempt once it is recorded (metrics, logs). */
  onAttempt?: (outcome: AttemptOutcome) => void;
  /** Told of storage errors while leasing or recording (the work is retried; nothing is lost). */
  onError?: (error: unknown) => void;
}

/** Delivers the outbox's pending deliveries; see createDeliverer. */
export interface Deliverer {
  /** Starts looking for due deliveries. */
  start(): void;
  /** Looks now rather than at the next poll (after a local commit). */
  wake(): void;
  /**
   * Leases one delivery now, due or not, attempts it and records the attempt; false when another
   * lease holds it or the deliverer is stopping.
   */
  deliverNow(organizationId: string, eventId: string, destinationId: string): Promise<boolean>;
  /** Attempts in flight now. */
  inFlight(): number;
  /** Stops taking leases, lets the attempts in flight finish and records them. */
  stop(): Promise<void>;
}

const RETENTION_EVERY_MS = 3_600_000;
const MAX_LEASES_PER_LOOK = 200;

/**
 * The deliverer inside the server process. It leases due deliveries from the store (each
 * destination at most `slotsPerDestination` at once, so a slow or dead destination fills only
 * its own slots and delays no other), sends each signed with the destination's secrets, and
 * records every attempt and what follows from it (see nextStep). Each look is one transaction: it
 * records the attempts that ended since the last look, in one statement, and takes the next leases.
 * A destination's slot is free again once its answer is in. A lease lasts the timeout plus a margin: a process that dies holding
 * it loses it then, and another process (or this one, restarted) attempts again with the same
 * `webhook-id`.
 * @example const deliverer = createDeliverer({ store, send, policy, timeoutMs: 15_000, ... }); deliverer.start()
 */
export function createDeliverer(options: DelivererOptions): Deliverer {
  const { store, send, policy, timeoutMs, slotsPerDestination: slots } = options;
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const owner = `${process.pid}.${randomBytes(6).toString('hex')}`;
  const leaseMs = timeoutMs + (options.leaseMarginMs ?? 10_000);
  const busy = new Map<string, number>();
  const attempts = new Set<Promise<void>>();
  let total = 0;
  let started = false;
  let stopping = false;
  let looking: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let lastRetention = 0;

  // Outcomes wait here until the next look writes them, in the transaction that takes the next leases.
  let queue: { outcome: AttemptOutcome; done: () => void }[] = [];
  const record = (outcome: AttemptOutcome) =>
    new Promise<void>((done) => {
      queue.push({ outcome, done });
      if (looking !== undefined) again = true;
      else schedule(0);
    });

  const secretsOf = (d: LeasedDelivery, now: Date): string[] =>
    d.previousSecret !== null && d.previousSecretUntil !== null && Date.parse(d.previousSecretUntil) > now.getTime()
      ? [d.secret, d.previousSecret]
      : [d.secret];

  const attempt = async (d: LeasedDelivery, release: () => void) => {
    const body = JSON.stringify(d.event);
    const started = clock();
    const headers = webhookHeaders(secretsOf(d, started), d.event.id, started, body);
    const result = await send({ url: d.url, headers, body }, timeoutMs);
    // NOTE: the destination's slot is free once its answer is in; the lease is held until the attempt is written.
    release();
    const step = nextStep(d, result, policy, clock(), random);
    await record({
      ...step,
      delivery: d,
      attempt: {
        time: started.toISOString(),
        httpStatus: result.httpStatus ?? null,
        error: result.error ?? null,
        durationMs: result.durationMs,
        response: result.response,
      },
    });
  };

  const launch = (d: LeasedDelivery) => {
    total += 1;
    busy.set(d.destinationId, (busy.get(d.destinationId) ?? 0) + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      total -= 1;
      const left = (busy.get(d.destinationId) ?? 1) - 1;
      if (left === 0) busy.delete(d.destinationId);
      else busy.set(d.destinationId, left);
      wake();
    };
    const running: Promise<void> = attempt(d, release)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        release();
        attempts.delete(running);
      });
    attempts.add(running);
    return running;
  };

  // One transaction per look: the attempts that ended since the last one, then new leases.
  const look = async () => {
    // NOTE: on PGlite a whole transaction runs without returning to the event loop, so without this
    // turn the answers that arrived meanwhile are not yet queued and every batch holds one attempt.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = queue;
    queue = [];
    const leasing = started && !stopping;
    const capacity = leasing ? Math.min(options.maxInFlight - total, MAX_LEASES_PER_LOOK) : 0;
    const free = new Map([...busy].map(([id, n]) => [id, Math.max(0, slots - n)]));
    let leased: LeasedDelivery[] = [];
    try {
      if (batch.length > 0 || capacity > 0) {
        leased = await store.transaction(async (uow) => {
          if (batch.length > 0) await uow.events.finishAttempts(batch.map(({ outcome }) => outcome));
          return capacity > 0 ? uow.events.lease({ owner, now: clock(), leaseMs, free, slots, max: capacity }) : [];
        });
      }
    } finally {
      // NOTE: when the write fails the attempts are not recorded; their leases run out and they are made again.
      for (const { outcome, done } of batch) {
        options.onAttempt?.(outcome);
        done();
      }
    }
    for (const d of leased) void launch(d);
    if (capacity > 0 && leased.length === capacity) again = true;
    const now = clock().getTime();
    if (leasing && now - lastRetention >= RETENTION_EVERY_MS) {
      lastRetention = now;
      await store.transaction((uow) => uow.events.deleteBefore(new Date(now - options.retentionMs)));
    }
  };

  // NOTE: after stop, looks still run while attempts wait to be written (they take no lease).
  const schedule = (ms: number) => {
    if ((stopping || !started) && queue.length === 0) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref?.();
  };

  function run() {
    if (looking !== undefined) {
      again = true;
      return;
    }
    again = false;
    looking = look()
      .then(() => {
        failures = 0;
      })
      .catch((error: unknown) => {
        failures += 1;
        options.onError?.(error);
      })
      .finally(() => {
        looking = undefined;
        // NOTE: while storage fails, look less often (up to 16 polls apart); the deliveries wait in the store.
        const more = again || queue.length > 0;
        schedule(more && failures === 0 ? 0 : options.pollMs * 2 ** Math.min(failures, 4));
      });
  }

  function wake() {
    if (!started || stopping) return;
    if (looking !== undefined) again = true;
    else schedule(0);
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake,
    async deliverNow(organizationId, eventId, destinationId) {
      if (stopping) return false;
      const leased = await store.transaction((uow) =>
        uow.events.leaseOne({ owner, now: clock(), leaseMs, free: new Map(), slots: 1, max: 1 }, organizationId, eventId, destinationId),
      );
      if (leased === null) return false;
      await launch(leased);
      return true;
    },
    inFlight: () => total,
    async stop() {
      stopping = true;
      if (queue.length === 0) clearTimeout(timer);
      await looking;
      while (attempts.size > 0) await Promise.all([...attempts]);
    },
  };
}
