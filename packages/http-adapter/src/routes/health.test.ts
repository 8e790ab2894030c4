import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';

describe('examples: health', () => {
  it('/healthz answers while storage is down; /readyz answers 503 UNAVAILABLE then', async () => {
    const billing = fakeBilling();
    const app = testApp(billing);
    expect(await (await app.request('/readyz')).json()).toEqual({ status: 'ok' });
    billing.ready = false;
    expect((await app.request('/healthz')).status).toBe(200);
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
  });
});
