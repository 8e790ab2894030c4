export { verifyWebhookSignature } from './verify.js';
export type { VerifyResult, VerifyFailureReason, VerifyInput } from './verify-result.js';
export { normalizeWebhookEvent } from './normalize.js';
export type { NormalizeResult, NormalizeInput } from './normalize-result.js';
export { standardWebhookPayloadSchema } from './standard-schema.js';
export type { StandardWebhookPayload } from './standard-schema.js';
export { mapProviderStatus } from './status.js';
export { getHeader } from './headers.js';
export type { HeaderBag } from './headers.js';
