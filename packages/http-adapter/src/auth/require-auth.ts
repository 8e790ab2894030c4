import type { UnauthenticatedReason, WebhookPrincipal } from '@billing/billing-domain';
import type { Context } from 'hono';
import { errorResponse } from '../errors/aip193.js';
import type { AppEnv } from '../http/context.js';
import { bearerToken, ORGANIZATION_HEADER, ORGANIZATION_HEADER_NAME } from './bearer.js';
import { KEYS_RETRY_AFTER_SECONDS, type TokenVerifier } from './token-verifier.js';
import { requestHeader } from '../http/request-header.js';

/**
 * Requires a valid bearer token and an `X-Organization-ID` the token lists; sets `organizationId`.
 * Checks in order: token (401), organization header (400), organization allowed (403). Resolves with the
 * refusal, or undefined when the request may go on.
 * @example const refused = await checkAuth(c); if (refused) return refused
 */
export function requireAuth(verifier: TokenVerifier): (c: Context<AppEnv>) => Promise<Response | undefined> {
  return async (c) => {
    const authorization = requestHeader(c, 'authorization');
    const token = bearerToken(authorization);
    if (token === null) {
      c.header('WWW-Authenticate', 'Bearer');
      // The header's value is never echoed: it may be a credential of another scheme.
      return errorResponse(c, {
        status: 'UNAUTHENTICATED',
        reason: 'BEARER_TOKEN_MISSING',
        message:
          authorization === undefined
            ? 'an Authorization: Bearer <token> header is required'
            : 'the Authorization header must be "Bearer <token>": its value does not start with "Bearer " followed by one token',
      });
    }
    const verified = await verifier.verify(token);
    if (!verified.ok) {
      if (verified.unavailable) {
        // The token may be good; the key set is our outage, so never 401.
        c.header('Retry-After', String(KEYS_RETRY_AFTER_SECONDS));
        return errorResponse(c, { status: 'UNAVAILABLE', reason: 'TOKEN_KEYS_UNAVAILABLE', message: verified.reason });
      }
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return errorResponse(c, { status: 'UNAUTHENTICATED', reason: 'BEARER_TOKEN_INVALID', message: verified.reason });
    }
    const organizationId = requestHeader(c, ORGANIZATION_HEADER_NAME)?.trim() ?? '';
    if (organizationId === '') {
      return errorResponse(c, {
        status: 'INVALID_ARGUMENT',
        reason: 'ORGANIZATION_HEADER_MISSING',
        message: `the ${ORGANIZATION_HEADER} header is required`,
        fieldViolations: [{ field: ORGANIZATION_HEADER, description: 'required: the organization this call acts for' }],
      });
    }
    if (!verified.organizationIds.includes(organizationId)) {
      return errorResponse(c, {
        status: 'PERMISSION_DENIED',
        reason: 'ORGANIZATION_NOT_PERMITTED',
        message: 'the token does not allow acting for this organization',
      });
    }
    c.set('organizationId', organizationId);
    return undefined;
  };
}

/** What a webhook delivery's optional bearer token establishes, for the domain to judge. */
export interface OptionalBearer {
  /** The token's organizations narrowed to `X-Organization-ID`; null without a valid token and that header. */
  principal: WebhookPrincipal | null;
  /** Why `principal` is null, in the domain's terms; undefined when there is a principal. */
  unauthenticated: UnauthenticatedReason | undefined;
  /** True when a token came but could not be checked because the key set is unavailable. */
  keysUnavailable: boolean;
}

/** Verifies the bearer token of a webhook delivery when there is one; never refuses. */
export async function optionalBearer(
  verifier: TokenVerifier,
  authorization: string | undefined,
  organizationHeader: string | undefined,
): Promise<OptionalBearer> {
  const none: OptionalBearer = {
    principal: null,
    unauthenticated: authorization === undefined ? 'no_credentials' : 'invalid_credentials',
    keysUnavailable: false,
  };
  const token = bearerToken(authorization);
  if (token === null) return none;
  const verified = await verifier.verify(token);
  if (!verified.ok) return { ...none, keysUnavailable: verified.unavailable };
  const wanted = organizationHeader?.trim() ?? '';
  // Bearer endpoints need both headers, so a token without X-Organization-ID does not count; the domain
  // answers 400 when nothing else verifies.
  if (wanted === '') return { ...none, unauthenticated: 'no_organization' };
  return { principal: { organizationIds: verified.organizationIds.filter((o) => o === wanted) }, unauthenticated: undefined, keysUnavailable: false };
}
