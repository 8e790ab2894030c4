export { PROVIDERS } from './contract.js';
export type {
  AddonSubscription,
  AddonSubscriptionPage,
  AddonSubscriptionService,
  BillingConfig,
  BillingService,
  DomainError,
  DomainErrorCode,
  EventDelivery,
  EventDestination,
  EventService,
  Outcome,
  OutboundEvent,
  ProviderName,
  WebhookAck,
  UnauthenticatedReason,
  WebhookDelivery,
  WebhookEndpointConfig,
  WebhookOutcomeCode,
  WebhookPrincipal,
  WebhookProcessor,
} from './contract.js';

export { createBillingService } from './service/billing-service.js';
export { createWebhookProcessor } from './service/webhook-processor.js';
export { DEFAULT_REPLAY_CHECKPOINT_LAG_MS } from './service/process-event.js';
export { MAX_PAGE_TOKEN_LENGTH, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './service/paging.js';

export { openStore, type OpenStoreOptions } from './storage/open-store.js';
export { compilePgliteModules, type PgliteModules } from './storage/pglite-modules.js';
export { loadMigrations } from './storage/migrate.js';
export { probeStore, type StoreProbe } from './storage/probe-store.js';
export type { BillingStore, UnitOfWork, WebhookEventRecord } from './domain/ports.js';

export { standardWebhookPayloadSchema } from './webhooks/providers/standard/schema.js';
export { signWebhook, WEBHOOK_PROVIDERS } from './webhooks/providers/index.js';
export { WebhookSecretError } from './webhooks/sign.js';
export { formatFieldPath, zodViolations } from './webhooks/field-path.js';

export { parseBillingConfig } from './config/parse-billing-config.js';
export { loadBillingConfig } from './config/load-billing-config.js';
export { BillingConfigError } from './config/billing-config-error.js';
export type { SecretEnvironment } from './config/resolve-secrets.js';

export { EVENT_TYPES } from './events/event-types.js';
export { createDeliverer, type Deliverer } from './events/deliverer.js';
export { httpEventSender, senderAgents } from './events/http-sender.js';
export { parseDuration, parseSchedule } from './events/retry-schedule.js';
export type { AttemptOutcome } from './events/event-ports.js';
export type { EventServiceOptions } from './events/event-service.js';
export type { ResolveAll, UrlPolicy } from './events/url-guard.js';
