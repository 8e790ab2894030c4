import {
  PROVIDERS,
  type BillingConfig,
  type ProviderName,
  type WebhookAck,
  type WebhookDelivery,
  type WebhookEndpointConfig,
  type WebhookProcessor,
} from '../contract.js';
import type { BillingEvent } from '../domain/billing-event.js';
import type { BillingStore } from '../domain/ports.js';
import { groupCommit, type GroupCommit } from '../storage/group-commit.js';
import { normalizeWebhookEvent } from '../webhooks/normalize.js';
import { missingSignatureHeaders, verifyWebhookSignature } from '../webhooks/providers/index.js';
import { prepareEvent, processEvent, type ProcessContext } from './process-event.js';

/** The provider-specific steps, replaceable in tests. */
export interface WebhookCodecs {
  verify: typeof verifyWebhookSignature;
  normalize: typeof normalizeWebhookEvent;
}

/** What the processor needs. */
export interface WebhookProcessorDeps {
  store: BillingStore;
  config: BillingConfig;
  clock: () => Date;
  newId: () => string;
  codecs?: WebhookCodecs;
  /** Told about every storage error turned into `storage.unavailable` (for logs). */
  onError?: (error: unknown) => void;
  /** Shares transactions among deliveries that arrive together; unset: a group of one each (window 0). */
  ingest?: GroupCommit;
  /** Event time a late-event replay leaves its checkpoint behind the newest event (default one hour). */
  replayCheckpointLagMs?: number;
}

// NOTE: fatal, so invalid bytes are refused rather than replaced; ignoreBOM keeps a leading
// byte-order mark in the text, where JSON.parse refuses it as it refused it before.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The verified body as text, `undefined` when it is not valid UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

const fail = (code: WebhookAck['code'], message: string, eventId = ''): WebhookAck => ({ code, success: false, eventId, message });

const isProvider = (value: string): value is ProviderName => (PROVIDERS as readonly string[]).includes(value);

/** Endpoints a delivery may be tried against: bearer endpoints only for the principal's organizations. */
function eligibleEndpoints(endpoints: readonly WebhookEndpointConfig[], delivery: WebhookDelivery) {
  return endpoints.filter((e) => !e.requireBearer || (delivery.principal?.organizationIds ?? []).includes(e.organizationId));
}

/**
 * Verifies, normalizes and processes webhook deliveries; every outcome is an acknowledgement.
 * @example await createWebhookProcessor({ store, config, clock, newId }).handle(delivery)
 */
export function createWebhookProcessor(deps: WebhookProcessorDeps): WebhookProcessor {
  const codecs = deps.codecs ?? { verify: verifyWebhookSignature, normalize: normalizeWebhookEvent };
  // NOTE: made on the first delivery: a processor that only prechecks never touches its store.
  let ingest = deps.ingest;
  const checkProvider = (provider: string): WebhookAck | undefined => {
    if (!isProvider(provider)) {
      return fail('webhook.unknown_provider', `unknown webhook provider "${provider.slice(0, 64)}"; supported providers: ${PROVIDERS.join(', ')}`);
    }
    if (!deps.config.webhookEndpoints.some((e) => e.provider === provider)) {
      return fail('webhook.not_configured', `no webhook endpoint is configured for ${provider}`);
    }
    return undefined;
  };
  return {
    precheck(provider, headers) {
      const refused = checkProvider(provider);
      if (refused !== undefined || !isProvider(provider)) return refused;
      // NOTE: an unsigned delivery can never verify, so it costs no body read.
      const missing = missingSignatureHeaders(provider, headers);
      return missing === undefined ? undefined : fail('webhook.invalid_signature', `signature verification failed: ${missing}`);
    },
    async handle(delivery) {
      // NOTE: the signature headers are the verifier's to judge here (it refuses them missing too).
      const refused = checkProvider(delivery.provider);
      if (refused !== undefined) return refused;
      const provider = delivery.provider as ProviderName;
      const endpoints = deps.config.webhookEndpoints.filter((e) => e.provider === provider);
      const eligible = eligibleEndpoints(endpoints, delivery);
      if (eligible.length === 0) {
        // NOTE: a principal that may not act for the endpoint's organization is a permission
        // problem (403, docs/http-api.md, "Authentication"), not missing or invalid credentials (401). The
        // messages name no transport; the HTTP adapter words them in its headers' terms.
        if (delivery.principal !== null) {
          return fail('webhook.permission_denied', `the caller may not act for the organization of any ${provider} webhook endpoint`);
        }
        if (delivery.unauthenticated === 'no_organization') {
          return fail('webhook.missing_organization', `${provider} webhook endpoints need the organization the caller acts for`);
        }
        const why = delivery.unauthenticated === 'invalid_credentials' ? 'the credentials are invalid' : 'none came';
        return fail('webhook.unauthenticated', `${provider} webhook endpoints require authentication: ${why}`);
      }
      let endpoint: WebhookEndpointConfig | undefined;
      let failure = '';
      for (const candidate of eligible) {
        const verified = codecs.verify(provider, {
          headers: delivery.headers,
          rawBody: delivery.rawBody,
          secrets: candidate.secrets,
          toleranceSeconds: candidate.toleranceSeconds,
          now: delivery.now,
        });
        if (verified.ok) {
          endpoint = candidate;
          break;
        }
        failure ||= verified.message;
      }
      if (endpoint === undefined) return fail('webhook.invalid_signature', `signature verification failed: ${failure}`);
      const text = decodeUtf8(delivery.rawBody);
      if (text === undefined) return fail('webhook.malformed', `malformed ${provider} event: the body is not valid UTF-8`);
      const normalized = codecs.normalize(provider, { headers: delivery.headers, rawBody: text });
      if (!normalized.ok) return fail('webhook.malformed', `malformed ${provider} event: ${normalized.message}`, normalized.eventId);
      ingest ??= groupCommit(deps.store, { maxSize: 1, windowMs: 0 });
      return processVerified(deps, ingest, endpoint.organizationId, normalized.event);
    },
  };
}

async function processVerified(deps: WebhookProcessorDeps, ingest: GroupCommit, organizationId: string, event: BillingEvent): Promise<WebhookAck> {
  try {
    const ctx: ProcessContext = { now: deps.clock(), newId: deps.newId };
    if (deps.replayCheckpointLagMs !== undefined) ctx.replayCheckpointLagMs = deps.replayCheckpointLagMs;
    const prepared = prepareEvent(organizationId, event, ctx);
    // NOTE: group commit claims the event with its group's others, in one call, and hands the claim over.
    return await ingest.run(prepared.claim, (uow, claim) => processEvent(uow, claim, prepared, event, ctx));
  } catch (error) {
    deps.onError?.(error);
    return fail('storage.unavailable', `storage is unavailable; event ${event.eventId} was not recorded, retry later`, event.eventId);
  }
}
