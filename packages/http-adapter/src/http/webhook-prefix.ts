/** The path prefix of the webhook routes (their own answer shape, no bearer auth required, no `/v1` rate limit). */
export const WEBHOOK_PREFIX = '/api/v1/webhooks/';
