export { createBillingService } from './billing-service.js';
export type { BillingServiceDeps } from './billing-service.js';
export { createAddonService } from './addon-service.js';
export { createWebhookProcessor } from './webhook-processor.js';
export type { WebhookCodecs, WebhookProcessorDeps } from './webhook-processor.js';
export { signPageToken, verifyPageToken } from './page-token.js';
