export { PROVIDERS } from './contract.js';
export type {
  AddonSubscription,
  AddonSubscriptionPage,
  AddonSubscriptionService,
  BillingConfig,
  BillingService,
  DomainError,
  DomainErrorCode,
  Outcome,
  ProviderName,
  WebhookAck,
  UnauthenticatedReason,
  WebhookDelivery,
  WebhookOutcomeCode,
  WebhookPrincipal,
  WebhookProcessor,
} from './contract.js';

export { createBillingService, createWebhookProcessor } from './service/index.js';
export { MAX_PAGE_TOKEN_LENGTH, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, DEFAULT_REPLAY_CHECKPOINT_LAG_MS } from './service/index.js';

export { openStore, loadMigrations, probeStore } from './storage/index.js';
export type { StoreProbe } from './storage/index.js';

export type { BillingStore, UnitOfWork, WebhookEventRecord } from './domain/ports.js';

export {
  standardWebhookPayloadSchema,
  signWebhook,
  WebhookSecretError,
  WEBHOOK_PROVIDERS,
  formatFieldPath,
  zodViolations,
} from './webhooks/index.js';

export { parseBillingConfig, loadBillingConfig, BillingConfigError } from './config/index.js';
export type { SecretEnvironment } from './config/index.js';

export {
  EVENT_TYPES,
  createDeliverer,
  httpEventSender,
  senderAgents,
  parseDuration,
  parseSchedule,
} from './events/index.js';
export type {
  AttemptOutcome,
  EventDelivery,
  EventDestination,
  OutboundEvent,
  EventService,
  EventServiceOptions,
  Deliverer,
  ResolveAll,
  UrlPolicy,
} from './events/index.js';
