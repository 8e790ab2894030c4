import {
  createDeliverer,
  httpEventSender,
  parseDuration,
  parseSchedule,
  senderAgents,
  type AttemptOutcome,
  type BillingStore,
  type Deliverer,
  type EventServiceOptions,
  type UrlPolicy,
} from '@billing/billing-domain';
import type { Logger } from 'pino';
import type { ServiceMetrics } from '../metrics/metrics.js';
import type { ServerEnv } from './env.js';

/** What the server's events need: the URL policy, the events API's options, and the deliverer. */
export interface EventDelivery {
  urlPolicy: UrlPolicy;
  service: Omit<EventServiceOptions, 'deliverNow'>;
  /** Null when BILLING_EVENT_DELIVERY=off (the API still works; another process delivers). */
  deliverer: Deliverer | null;
  /** Stops the deliverer (letting attempts in flight finish) and closes its connections. */
  stop(): Promise<void>;
}

/**
 * The metric outcome of an attempt: succeeded, retried (failed, tried again) or failed (given up).
 * @example outcomeOf({ status: 'pending', succeeded: false } as AttemptOutcome) // 'retried'
 */
export function outcomeOf(outcome: Pick<AttemptOutcome, 'status' | 'succeeded'>): 'succeeded' | 'retried' | 'failed' {
  if (outcome.succeeded) return 'succeeded';
  return outcome.status === 'pending' ? 'retried' : 'failed';
}

/**
 * The events of a server from its settings. In development mode http and private addresses are
 * allowed, so a local receiver (`billing listen`) can be used.
 * @example const events = eventDelivery(env, store, logger, metrics, devMode)
 */
export function eventDelivery(
  env: ServerEnv,
  store: BillingStore,
  logger: Logger,
  metrics: () => ServiceMetrics | undefined,
  devMode: boolean,
): EventDelivery {
  const urlPolicy: UrlPolicy = {
    allowHttp: devMode || env.BILLING_EVENT_ALLOW_HTTP,
    allowPrivateNetworks: devMode || env.BILLING_EVENT_ALLOW_PRIVATE_NETWORKS,
    maxLength: env.BILLING_EVENT_URL_MAX_LENGTH,
  };
  const service = {
    maxDestinations: env.BILLING_MAX_EVENT_DESTINATIONS,
    urlPolicy,
    maxDescriptionLength: env.BILLING_EVENT_DESCRIPTION_MAX_LENGTH,
    secretOverlapMs: env.BILLING_EVENT_SECRET_OVERLAP_S * 1000,
  };
  if (env.BILLING_EVENT_DELIVERY === 'off') return { urlPolicy, service, deliverer: null, stop: async () => undefined };
  const agents = senderAgents(env.BILLING_EVENT_DESTINATION_CONCURRENCY);
  const deliverer = createDeliverer({
    store,
    send: httpEventSender(urlPolicy, agents),
    policy: {
      scheduleMs: parseSchedule(env.BILLING_EVENT_RETRY_SCHEDULE) ?? [],
      jitter: 0.1,
      maxRetryAfterMs: 3_600_000,
      disableAfterMs: parseDuration(env.BILLING_EVENT_DISABLE_AFTER) ?? 5 * 86_400_000,
    },
    timeoutMs: env.BILLING_EVENT_TIMEOUT_MS,
    leaseMarginMs: env.BILLING_EVENT_LEASE_MARGIN_MS,
    slotsPerDestination: env.BILLING_EVENT_DESTINATION_CONCURRENCY,
    maxInFlight: env.BILLING_EVENT_MAX_IN_FLIGHT,
    pollMs: env.BILLING_EVENT_POLL_MS,
    retentionMs: env.BILLING_EVENT_RETENTION_DAYS * 86_400_000,
    onAttempt: (outcome) => {
      const m = metrics();
      m?.eventDeliveries.inc({ outcome: outcomeOf(outcome) });
      if (outcome.succeeded) m?.eventDeliveryLag.observe(Math.max(0, Date.now() - Date.parse(outcome.delivery.event.timestamp)) / 1000);
      // NOTE: ids, status and error code only: neither the URL (it may carry a token) nor the body.
      const { delivery: d, attempt: a } = outcome;
      const fields = { eventId: d.eventId, eventDestinationId: d.destinationId, httpStatus: a.httpStatus, error: a.error, durationMs: a.durationMs, next: outcome.status };
      if (outcome.succeeded) logger.debug(fields, 'event delivered');
      else logger.info({ ...fields, disabledReason: outcome.disableReason }, 'event delivery attempt failed');
    },
    onError: (error) =>
      logger.warn({ code: (error as { code?: unknown } | null)?.code ?? null, error: error instanceof Error ? error.name : typeof error }, 'event delivery: storage unavailable; retrying'),
  });
  return {
    urlPolicy,
    service,
    deliverer,
    async stop() {
      await deliverer.stop();
      agents.destroy();
    },
  };
}
