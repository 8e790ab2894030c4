export { PROVIDERS } from './contract.js';
export type {
  AddonPricingModel,
  AddonStatus,
  AddonSubscription,
  AddonSubscriptionPage,
  AddonSubscriptionTimestamps,
  AddonSubscriptionService,
  AddonType,
  BillingConfig,
  BillingService,
  DomainError,
  DomainErrorCode,
  ListAddonSubscriptionsQuery,
  FieldViolation,
  Outcome,
  ProviderName,
  RecordStatus,
  WebhookAck,
  UnauthenticatedReason,
  WebhookDelivery,
  WebhookEndpointConfig,
  WebhookOutcomeCode,
  WebhookPrincipal,
  WebhookProcessor,
} from './contract.js';

export { createBillingService, createAddonService, createWebhookProcessor } from './service/index.js';
export { MAX_PAGE_TOKEN_LENGTH, DEFAULT_REPLAY_CHECKPOINT_LAG_MS } from './service/index.js';
export type { AddonServiceOptions, BillingServiceDeps, WebhookCodecs, WebhookProcessorDeps } from './service/index.js';

export { openStore, openPgliteStore, openPostgresStore, applyMigrations, loadMigrations, DEFAULT_DATA_DIR } from './storage/index.js';
export type { OpenStoreOptions, PostgresStoreOptions, Migration } from './storage/index.js';
export { groupCommit, DEFAULT_GROUP_COMMIT, probeStore } from './storage/index.js';
export type { StoreProbe } from './storage/index.js';
export type { GroupCommit, GroupCommitOptions } from './storage/index.js';
export type {
  AddonListCursor,
  AddonSubscriptionRepository,
  BillingStore,
  MigrationReport,
  PageTokenKeyStore,
  ReadOptions,
  StoreDurability,
  StoreKind,
  SubscriptionRecord,
  SubscriptionRepository,
  UnitOfWork,
  WebhookEventRecord,
  WebhookEventStatus,
  WebhookEventStore,
  EventClaim,
  EventCreates,
  FoldCheckpoint,
  FoldedState,
} from './domain/ports.js';
export { migrationsDirectory } from './migrations-dir.js';

export {
  addonInvariantViolations,
  applySnapshot,
  cancel,
  createAddon,
  decideAddon,
  isEnded,
  paymentFailed,
  paymentSucceeded,
  providerCanceled,
  reconcileAddons,
  recordStatusFor,
  statusAfterPayment,
  toAddonSubscription,
  undoCancel,
} from './domain/index.js';
export type {
  AddonCommand,
  AddonReconciliation,
  AddonState,
  BillingEvent,
  EventEnvelope,
  NormalizedAddonItem,
  CancelOrigin,
  ParentState,
  SnapshotContext,
  SubscriptionSnapshot,
} from './domain/index.js';

export {
  verifyWebhookSignature,
  normalizeWebhookEvent,
  standardWebhookPayloadSchema,
  mapProviderStatus,
  missingSignatureHeaders,
  signWebhook,
  WebhookSecretError,
} from './webhooks/index.js';
export type { VerifyResult, NormalizeResult, SignOptions } from './webhooks/index.js';

export { parseBillingConfig, loadBillingConfig, BillingConfigError } from './config/index.js';
export type { BillingConfigIssue, SecretEnvironment } from './config/index.js';

export {
  ADDON_EVENT_TYPES,
  EVENT_TYPES,
  isEventType,
  createEventService,
  createDeliverer,
  httpEventSender,
  senderAgents,
  RESPONSE_PREVIEW_BYTES,
  DEFAULT_DELIVERY_POLICY,
  nextStep,
  parseDuration,
  parseSchedule,
  retryAfterMs,
  signatureOf,
  webhookHeaders,
  SECRET_PREFIX,
  checkDestinationUrl,
  isPrivateAddress,
  parseDestinationUrl,
  resolveChecked,
  systemResolveAll,
} from './events/index.js';
export type {
  AddonAttributes,
  AddonEventData,
  AddonEventType,
  AttemptOutcome,
  DeliveryAttempt,
  DeliveryStatus,
  DestinationCursor,
  DestinationRecord,
  EventDelivery,
  EventDestination,
  EventListQuery,
  EventOutbox,
  EventType,
  LeaseRequest,
  LeasedDelivery,
  OutboundEvent,
  PingEventData,
  DestinationInput,
  DestinationPage,
  DestinationPatch,
  EventPage,
  EventService,
  EventServiceOptions,
  Deliverer,
  DelivererOptions,
  EventSender,
  OutboundRequest,
  SenderAgents,
  AttemptResult,
  DeliveryPolicy,
  ResolveAll,
  UrlPolicy,
} from './events/index.js';
