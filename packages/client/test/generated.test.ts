import { describe, expect, it } from 'vitest';
import { committedFiles, generateFiles, GENERATED_FILES } from '../scripts/openapi-types.js';

describe('the generated types', () => {
  it(`${GENERATED_FILES.document} and ${GENERATED_FILES.types} equal a fresh generation from the server (else: pnpm --filter @billing/client generate)`, async () => {
    const fresh = await generateFiles();
    const committed = committedFiles();
    expect(committed.document, `${GENERATED_FILES.document} is stale`).toBe(fresh.document);
    expect(committed.types, `${GENERATED_FILES.types} is stale`).toBe(fresh.types);
  });

  it('a fresh generation holds every /v1 operation the client calls, and the event payloads', async () => {
    const { types } = await generateFiles();
    const operations = [
      'calculatePlan', 'getAddonSubscription', 'listAddonSubscriptions', 'cancelAddonSubscription', 'undoCancelAddonSubscription',
      'createEventDestination', 'listEventDestinations', 'getEventDestination', 'updateEventDestination', 'deleteEventDestination',
      'rotateEventDestinationSecret', 'pingEventDestination', 'listEvents', 'getEvent', 'listEventDeliveries', 'resendEvent',
    ];
    for (const operation of operations) {
      expect(types).toContain(`    ${operation}: {`);
    }
    for (const event of ['AddonSubscriptionCreatedEvent', 'AddonSubscriptionUpdatedEvent', 'AddonSubscriptionCanceledEvent', 'PingEvent']) {
      expect(types).toContain(`        ${event}: {`);
    }
  });
});
