import { z } from '@hono/zod-openapi';
import { errorResponseSchema } from '../errors/aip193.js';

/**
 * The security requirement of the whole document: every operation needs a bearer token unless it
 * says otherwise (health, metrics: none; webhooks: a token or the signature alone).
 */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The `X-Organization-ID` header every `/v1` operation needs. */
export const organizationHeadersSchema = z.object({
  'X-Organization-ID': z.string().openapi({ description: 'The organization this call acts for.', example: 'org_demo' }),
});

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorResponseSchema } },
});

/** AIP-193 answers every authenticated operation may give. */
export const commonErrorResponses = {
  400: error('INVALID_ARGUMENT or FAILED_PRECONDITION'),
  401: error('UNAUTHENTICATED: missing, malformed, badly signed or expired token'),
  403: error('PERMISSION_DENIED: the token does not list X-Organization-ID'),
  429: error('RESOURCE_EXHAUSTED: over the organization rate limit (BILLING_RATE_LIMIT_PER_SECOND); see Retry-After'),
  500: error('INTERNAL'),
  503: error('UNAVAILABLE: storage unreachable'),
  504: error('DEADLINE_EXCEEDED: not handled within BILLING_REQUEST_TIMEOUT_MS'),
} as const;

export const notFoundResponse = { 404: error('NOT_FOUND (also for another organization’s resource)') } as const;
export const bodyErrorResponses = {
  413: error('body over the limit (status INVALID_ARGUMENT)'),
  415: error('not JSON (status INVALID_ARGUMENT)'),
} as const;
export { error as errorResponseSpec };
