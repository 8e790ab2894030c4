import { randomUUID } from 'node:crypto';
import type { BillingConfig, BillingService } from '../contract.js';
import { groupCommit, type GroupCommitOptions } from '../storage/group-commit.js';
import type { BillingStore } from '../domain/ports.js';
import { createAddonService } from './addon-service.js';
import { createEventService, type EventServiceOptions } from '../events/event-service.js';
import { createWebhookProcessor, type WebhookCodecs } from './webhook-processor.js';

/** What the billing service is built from. */
export interface BillingServiceDeps {
  store: BillingStore;
  config: BillingConfig;
  /** Processing time (createTime, updateTime, receivedAt); default the system clock. */
  clock?: () => Date;
  /** Our ids for new subscriptions and add-ons; default random UUIDs. */
  newId?: () => string;
  /** Signature verification and normalization; default the provider implementations. */
  codecs?: WebhookCodecs;
  /** Told about every storage error turned into a `storage.unavailable` outcome (for logs). */
  onError?: (error: unknown) => void;
  /** Group commit of webhook deliveries (see group-commit.ts); unset: one transaction each. */
  ingestGroup?: GroupCommitOptions;
  /** Event time a late-event replay leaves its checkpoint behind the newest event (default one hour). */
  replayCheckpointLagMs?: number;
  /** Longest page token the add-on listing accepts (default MAX_PAGE_TOKEN_LENGTH, 1024). */
  pageTokenMaxLength?: number;
  /** The events API's settings; unset: the service has no `events`. */
  events?: EventServiceOptions;
}

/**
 * The service the HTTP adapter calls: add-on operations, webhook processing, readiness.
 * @example const service = createBillingService({ store: await openStore({ databaseUrl: 'memory://' }), config })
 */
export function createBillingService(deps: BillingServiceDeps): BillingService {
  const clock = deps.clock ?? (() => new Date());
  const newId = deps.newId ?? randomUUID;
  return {
    addons: createAddonService(
      deps.store,
      deps.onError,
      deps.pageTokenMaxLength !== undefined ? { pageTokenMaxLength: deps.pageTokenMaxLength } : {},
    ),
    webhooks: createWebhookProcessor({
      store: deps.store,
      config: deps.config,
      clock,
      newId,
      ...(deps.codecs ? { codecs: deps.codecs } : {}),
      ...(deps.onError ? { onError: deps.onError } : {}),
      ...(deps.ingestGroup ? { ingest: groupCommit(deps.store, deps.ingestGroup) } : {}),
      ...(deps.replayCheckpointLagMs !== undefined ? { replayCheckpointLagMs: deps.replayCheckpointLagMs } : {}),
    }),
    ...(deps.events
      ? {
          events: createEventService(deps.store, {
            ...(deps.onError ? { onError: deps.onError } : {}),
            ...(deps.pageTokenMaxLength !== undefined ? { pageTokenMaxLength: deps.pageTokenMaxLength } : {}),
            ...deps.events,
          }),
        }
      : {}),
    isReady: () => deps.store.ping(),
    close: () => deps.store.close(),
  };
}
