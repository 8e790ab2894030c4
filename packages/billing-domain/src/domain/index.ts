export { isEnded, recordStatusFor, toAddonSubscription } from './addon-state.js';
export type { AddonState, CancelOrigin, ParentState } from './addon-state.js';
export { cancel, paymentFailed, paymentSucceeded, providerCanceled, statusAfterPayment, undoCancel } from './transitions.js';
export { applySnapshot, createAddon, reconcileAddons } from './snapshot.js';
export type { AddonReconciliation, SnapshotContext, SubscriptionSnapshot } from './snapshot.js';
export { addonInvariantViolations } from './invariants.js';
export type { BillingEvent, EventEnvelope, NormalizedAddonItem } from './billing-event.js';
