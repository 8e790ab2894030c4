import type { AddonPricingModel, AddonStatus, AddonType, ProviderName } from '../contract.js';

// NOTE: our own event union, the language the core speaks; each provider's adapter in
// `webhooks/` maps its payloads to it, and nothing here knows a provider's wire format.

/** Fields every normalized event carries. */
export interface EventEnvelope {
  provider: ProviderName;
  /** Stripe `id`, Paddle `event_id`, standard `webhook-id`. */
  eventId: string;
  /** The provider's own type string (`customer.subscription.updated`, ...). */
  eventType: string;
  /** Stripe `created`, Paddle `occurred_at`, standard `timestamp`. */
  occurredAt: Date;
  /** The provider's id of the subscription the event is about ('' for ignored events). */
  subscriptionExternalId: string;
}

/** An add-on line of a subscription as a provider reported it. */
export interface NormalizedAddonItem {
  externalId: string;
  addonCode: string;
  /** The provider's product id of the add-on; '' when not sent (the add-on code is used then). */
  addonId: string;
  /** The provider's price id of the add-on; '' when not sent. */
  addonPriceId: string;
  /** The price's or product's name; '' when not sent (the add-on code is used then). */
  addonName: string;
  addonType: AddonType;
  pricingModel: AddonPricingModel;
  quantity: number;
  /** Major units, exact decimal string. */
  unitAmount: string;
  currency: string;
  metadata: Record<string, string>;
  /**
   * The line's own current period when the provider bills items on their own cycles (Stripe
   * from 2025-03-31.basil, flexible billing); absent or null: the subscription's period applies.
   */
  currentPeriodStart?: Date | null;
  /** End of the line's own period (or when its scheduled cancellation takes effect). */
  currentPeriodEnd?: Date | null;
}

/** Our own event union: what every provider's payload is normalized into. */
export type BillingEvent =
  | (EventEnvelope & {
      kind: 'subscription.upserted';
      subscription: {
        name: string;
        /** The provider's status string, as sent. */
        providerStatus: string;
        /** The add-on status the provider status maps to (docs/state-machine.md). */
        addonStatus: AddonStatus;
        cancelAtPeriodEnd: boolean;
        currentPeriodStart: Date | null;
        currentPeriodEnd: Date | null;
        canceledAt: Date | null;
        /** Items with an add-on code only. */
        addons: NormalizedAddonItem[];
      };
    })
  | (EventEnvelope & { kind: 'subscription.canceled'; canceledAt: Date })
  | (EventEnvelope & { kind: 'payment.succeeded'; amount: string | null; currency: string | null })
  | (EventEnvelope & { kind: 'payment.failed'; amount: string | null; currency: string | null })
  | (EventEnvelope & { kind: 'ignored' });
