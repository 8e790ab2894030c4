import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingStore } from '../domain/ports.js';
import { openTestStore } from '../../test/support/pglite.js';
import { anItem } from '../../test/support/addons.js';
import { upsertEvent } from '../../test/support/events.js';
import { tenant } from '../../test/support/tenant.js';
import { createBillingService } from './billing-service.js';
import { MAX_PAGE_TOKEN_LENGTH } from './paging.js';

let store: BillingStore;
beforeAll(async () => {
  store = await openTestStore({ databaseUrl: 'memory://' });
});
afterAll(async () => {
  await store.close();
});

describe('examples: the page-token length setting', () => {
  it('a token longer than the configured maximum is invalid_page_token; one within it is followed', async () => {
    const t = tenant(store);
    await t.send(upsertEvent('e1', 1, { items: ['i1', 'i2'].map((externalId) => anItem({ externalId })) }));
    const first = await t.service.addons.list(t.org, { pageSize: 1 });
    const pageToken = first.ok ? first.value.nextPageToken : '';
    expect(pageToken.length).toBeGreaterThan(1);
    expect(pageToken.length).toBeLessThanOrEqual(MAX_PAGE_TOKEN_LENGTH);
    const limited = (max: number) => createBillingService({ store, config: { webhookEndpoints: [] }, pageTokenMaxLength: max });

    expect(await limited(pageToken.length - 1).addons.list(t.org, { pageSize: 1, pageToken })).toMatchObject({
      ok: false,
      error: { code: 'request.invalid_page_token', fieldViolations: [{ field: 'pageToken' }] },
    });
    const within = await limited(pageToken.length).addons.list(t.org, { pageSize: 1, pageToken });
    expect(within.ok && within.value.addonSubscriptions).toHaveLength(1);
  });
});
