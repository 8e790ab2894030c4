import {
  createWebhookProcessor,
  PROVIDERS,
  type AddonSubscription,
  type BillingService,
  type DomainError,
  type Outcome,
  type WebhookAck,
  type WebhookDelivery,
} from '@billing/billing-domain';

// NOTE: the fake answers the body-free checks as a service with an endpoint for every provider
// would; it never touches storage.
const everyProviderConfigured = createWebhookProcessor({
  store: undefined as never,
  config: { webhookEndpoints: PROVIDERS.map((provider) => ({ provider, organizationId: 'org_fake', secrets: ['unused'], requireBearer: false, toleranceSeconds: 300 })) },
  clock: () => new Date(),
  newId: () => 'unused',
});

/** A BillingService whose answers a test sets, recording what it was asked. */
export interface FakeBilling extends BillingService {
  deliveries: WebhookDelivery[];
  calls: { method: string; args: unknown[] }[];
  nextAck: WebhookAck;
  nextError: DomainError | null;
  nextAddon: AddonSubscription;
  ready: boolean;
}

export function sampleAddon(overrides: Partial<AddonSubscription> = {}): AddonSubscription {
  return {
    id: 'as_1',
    quantity: 1,
    startDate: null,
    endDate: null,
    addonStatus: 'ADDON_STATUS_ACTIVE',
    cancelAtPeriodEnd: false,
    canceledAt: null,
    externalId: 'si_1',
    subscriptionId: 'sub_1',
    addonId: 'prod_backup',
    addonPriceId: 'price_backup',
    subscriptionName: 'VM small',
    addonName: 'Backup',
    addonCode: 'backup',
    unitAmount: '1.20',
    currency: 'USD',
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    addonType: 'ADDON_TYPE_RECURRING',
    metadata: {},
    status: 'STATUS_ACTIVE',
    timestamps: { createTime: '2025-01-01T00:00:00.000Z', updateTime: '2025-01-01T00:00:00.000Z' },
    name: 'addonSubscriptions/as_1',
    organizationId: 'org_a',
    provider: 'stripe',
    ...overrides,
  };
}

export function fakeBilling(): FakeBilling {
  const fake: FakeBilling = {
    deliveries: [],
    calls: [],
    nextAck: { code: 'webhook.applied', success: true, eventId: 'evt_1', message: 'applied' },
    nextError: null,
    nextAddon: sampleAddon(),
    ready: true,
    addons: {
      get: async (...args) => answer('get', args, fake.nextAddon),
      list: async (...args) => answer('list', args, { addonSubscriptions: [fake.nextAddon], nextPageToken: '' }),
      cancel: async (...args) => answer('cancel', args, fake.nextAddon),
      undoCancel: async (...args) => answer('undoCancel', args, fake.nextAddon),
    },
    webhooks: {
      precheck: everyProviderConfigured.precheck,
      handle: async (delivery) => {
        fake.deliveries.push(delivery);
        return fake.nextAck;
      },
    },
    isReady: async () => fake.ready,
    close: async () => {},
  };
  function answer<T>(method: string, args: unknown[], value: T): Outcome<T> {
    fake.calls.push({ method, args });
    return fake.nextError ? { ok: false, error: fake.nextError } : { ok: true, value };
  }
  return fake;
}
