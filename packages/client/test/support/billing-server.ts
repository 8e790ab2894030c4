// A real billing server for the client's tests: the http-adapter's own process, on the embedded
// store (PGlite in a temporary folder), with HS256 tokens, and a standard-webhooks endpoint of
// its organization through which the tests make add-on subscriptions.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from '../../../http-adapter/test/support/server-process.js';
import { signToken, TEST_SECRET } from '../../../http-adapter/test/support/tokens.js';
import { STANDARD_SECRET, standardDelivery, standardSubscriptionUpdated } from '../../../http-adapter/test/support/webhook-payloads.js';

export { signToken };

/** The organization of the tests. */
export const ORG = 'org_client';

export interface BillingServer {
  url: string;
  /** Delivers a signed `subscription.updated` with one add-on item; resolves once it is applied. */
  deliverSubscription: (subscriptionId: string, itemId: string, at: Date) => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts the server process; `env` adds or replaces settings. */
export async function startBillingServer(env: Record<string, string> = {}): Promise<BillingServer> {
  const dir = mkdtempSync(join(tmpdir(), 'billing-client-'));
  const config = join(dir, 'billing.json');
  writeFileSync(
    config,
    JSON.stringify({ webhookEndpoints: [{ provider: 'standard', organizationId: ORG, secrets: [STANDARD_SECRET], requireBearer: false }] }),
  );
  let server: ServerProcess;
  try {
    server = await startServer({
      DATABASE_URL: '',
      BILLING_DATA_DIR: join(dir, 'data'),
      BILLING_JWT_SECRET: TEST_SECRET,
      BILLING_CONFIG: config,
      ...env,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    deliverSubscription: async (subscriptionId, itemId, at) => {
      const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId, itemId, periodStart: new Date(at.getTime() - 86_400_000) });
      const delivery = standardDelivery(`msg_${subscriptionId}`, payload, new Date());
      const res = await fetch(`${server.url}/api/v1/webhooks/standard`, { method: 'POST', body: delivery.body, headers: delivery.headers });
      if (res.status !== 200) throw new Error(`the delivery of ${subscriptionId} answered ${res.status}: ${await res.text()}`);
    },
    stop: async () => {
      await server.stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
