import type {
  AddonSubscription,
  BillingService,
  DomainError,
  Outcome,
  WebhookAck,
  WebhookDelivery,
} from '@billing/billing-domain';

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
    name: 'addonSubscriptions/as_1',
    id: 'as_1',
    organizationId: 'org_a',
    subscriptionId: 'sub_1',
    externalId: 'si_1',
    provider: 'stripe',
    addonCode: 'backup',
    displayName: 'Backup',
    addonType: 'ADDON_TYPE_RECURRING',
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    quantity: 1,
    unitAmount: '1.20',
    currency: 'USD',
    addonStatus: 'ADDON_STATUS_ACTIVE',
    status: 'STATUS_ACTIVE',
    startDate: null,
    endDate: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    metadata: {},
    createTime: '2025-01-01T00:00:00.000Z',
    updateTime: '2025-01-01T00:00:00.000Z',
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
