import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/app.js';
import { fakeBilling } from '../../test/support/fake-billing.js';
import { authHeaders, signToken } from '../../test/support/tokens.js';

describe('examples: custom methods and the router', () => {
  it("routes with Hono's RegExpRouter, with every route of the app and its events API mounted", async () => {
    // One pattern per position: a route Hono's RegExpRouter refuses (`:id{…:cancel}` beside
    // `:id{…:undo-cancel}`, or `:rest{.*}` beside `:provider`) makes it fall back to the trie router.
    const billing = fakeBilling();
    const app = testApp({ ...billing, events: {} as NonNullable<typeof billing.events> });
    expect((await app.request('/healthz')).status).toBe(200);
    expect((app.router as { name: string }).name).toBe('SmartRouter + RegExpRouter');
  });

  it('sends each verb of a resource to its own handler, with the id cut from the path', async () => {
    const billing = fakeBilling();
    const app = testApp(billing);
    const headers = authHeaders(await signToken());
    for (const [verb, method] of [['cancel', 'cancel'], ['undo-cancel', 'undoCancel']]) {
      const res = await app.request(`/v1/addon-subscriptions/as_9:${verb}`, { method: 'POST', headers });
      expect(res.status).toBe(200);
      expect(billing.calls.at(-1)?.method).toBe(method);
      expect(billing.calls.at(-1)?.args.slice(0, 2)).toEqual(['org_a', 'as_9']);
    }
    const unknown = await app.request('/v1/addon-subscriptions/as_missing:undocancel', { method: 'POST', headers });
    expect(await unknown.text()).toContain('did you mean :undo-cancel?');
  });
});
