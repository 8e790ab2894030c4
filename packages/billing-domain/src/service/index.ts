export { createBillingService } from './billing-service.js';
export type { BillingServiceDeps } from './billing-service.js';
export { createAddonService } from './addon-service.js';
export type { AddonServiceOptions } from './addon-service.js';
export { DEFAULT_REPLAY_CHECKPOINT_LAG_MS } from './process-event.js';
export { createWebhookProcessor } from './webhook-processor.js';
export type { WebhookCodecs, WebhookProcessorDeps } from './webhook-processor.js';
export { MAX_PAGE_TOKEN_LENGTH, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './paging.js';
