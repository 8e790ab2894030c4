export { isEnded, recordStatusFor, toAddonSubscription } from './addon-state.js';
export type { AddonState, CancelOrigin, ParentState } from './addon-state.js';
export { cancel, decideAddon, paymentFailed, paymentSucceeded, providerCanceled, statusAfterPayment, undoCancel } from './transitions.js';
export type { AddonCommand } from './transitions.js';
export { applySnapshot, createAddon, reconcileAddons } from './snapshot.js';
export type { AddonReconciliation, SnapshotContext, SubscriptionSnapshot } from './snapshot.js';
export { addonInvariantViolations } from './invariants.js';
export type { BillingEvent, EventEnvelope, NormalizedAddonItem } from './billing-event.js';
export { applyEvent, createSubscription } from './event-effects.js';
export type { EffectContext, EventEffects, SubscriptionEvent } from './event-effects.js';
export type {
  AddonListCursor,
  AddonSubscriptionRepository,
  BillingStore,
  MigrationReport,
  PageTokenKeyStore,
  ReadOptions,
  StoreKind,
  SubscriptionRecord,
  SubscriptionRepository,
  UnitOfWork,
  WebhookEventRecord,
  WebhookEventStatus,
  WebhookEventStore,
} from './ports.js';
