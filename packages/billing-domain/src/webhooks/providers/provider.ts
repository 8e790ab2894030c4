import type { HeaderBag } from '../headers.js';
import type { NormalizeInput, NormalizeResult } from '../normalize-result.js';
import type { SignOptions } from '../sign.js';
import type { VerifyInput, VerifyResult } from '../verify-result.js';

/** What a sample delivery is about. */
export interface SampleOptions {
  /** The provider's subscription id the sample is about. */
  subscriptionId: string;
  /** The event id (Stripe `id`, Paddle `event_id`, standard `webhook-id`). */
  eventId: string;
  now: Date;
}

/** A header a delivery carries: documented in the OpenAPI document; a signature is never logged. */
export interface DeliveryHeader {
  /** The name as the provider documents it (headers are matched case-insensitively). */
  name: string;
  /** What it holds, for the API's documentation. */
  description: string;
  /** True for a header carrying a signature: the log shows it redacted. */
  signature: boolean;
}

/**
 * Everything about one payment provider's webhooks, in its own module: the registry
 * (`providers/index.ts`) lists them by name, and nothing else switches on the provider.
 */
export interface WebhookProvider {
  /**
   * The signature headers a delivery lacks, named; undefined when they are all there. Looks at headers
   * only, so the HTTP layer can refuse an unsigned delivery before reading its body.
   */
  missingSignatureHeaders(headers: HeaderBag): string | undefined;
  /** The headers a delivery carries. */
  deliveryHeaders: readonly DeliveryHeader[];
  /** Verifies the raw bytes against any of an endpoint's secrets, in constant time, within the tolerance. */
  verify(input: VerifyInput): VerifyResult;
  /** Reads a verified body into the event union (`kind: 'ignored'` for types not handled). */
  normalize(input: NormalizeInput): NormalizeResult;
  /** The signature headers the provider sends with `body`; for the CLI and tests. Throws `WebhookSecretError` for a secret that cannot sign. */
  sign(body: Uint8Array, secret: string, options: SignOptions): Record<string, string>;
  /** What the endpoint's signing secret is called at the provider, for messages. */
  signingSecret: string;
  /** Why `secret` cannot be this provider's signing secret; undefined when it can. */
  secretIssue(secret: string): string | undefined;
  /** A new random signing secret in the provider's own form (development mode's demonstration endpoints). */
  newSecret(): string;
  /** The event types handled (docs/webhooks.md, "Events handled"), each with a sample. */
  sampleEvents: readonly string[];
  /** A realistic body of one handled event: a VM plan line plus one add-on line. */
  sampleBody(event: string, options: SampleOptions): string;
}

/** Unix seconds of a date, as the providers write their timestamps. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The first day of `now`'s month (UTC): the sample billing period's start. */
export const periodStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export const DAY_MS = 86_400_000;

/** True for an absent or blank header. */
export const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';
