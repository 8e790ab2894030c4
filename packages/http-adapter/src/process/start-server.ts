import type { Server } from 'node:http';
import {
  BillingConfigError,
  createBillingService,
  loadBillingConfig,
  openStore,
  type BillingService,
  type SecretEnvironment,
} from '@billing/billing-domain';
import type { Logger } from 'pino';
import { createApp } from '../app.js';
import { createJwtVerifier, type TokenVerifier } from '../auth/token-verifier.js';
import { createPlanCalculator } from '../calculation/plan-calculator.js';
import { createMetrics } from '../metrics/metrics.js';
import { devCredentials, devModeBanner, devSecretSource, devWebhookEndpoints, keepDevCredentials, type DevCredentials } from './dev-mode.js';
import { pricingLimitsOf, type ServerEnv } from './env.js';
import { drain, listen } from './http-server.js';
import { eventDelivery } from './event-delivery.js';

/** A refusal to start, with a message for the operator. */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

export interface RunningServer {
  /** `http://host:port` as bound (the real port when PORT=0). */
  url: string;
  server: Server;
  /** Stops accepting, drains in-flight requests, closes storage. */
  shutdown(): Promise<void>;
}

/**
 * Opens storage, builds the app and listens, as the environment says.
 * `print` receives the development-mode banner (the terminal, never the log); `secretEnv` is
 * where `"env:NAME"` secrets of `BILLING_CONFIG` are read (the process environment in main.ts).
 */
export async function startServer(
  env: ServerEnv,
  logger: Logger,
  print: (text: string) => void,
  secretEnv: SecretEnvironment = {},
): Promise<RunningServer> {
  const dev = await authOf(env);
  const configured = readConfig(env.BILLING_CONFIG, secretEnv);
  const config = dev.credentials === null
    ? configured
    : { ...configured, webhookEndpoints: [...configured.webhookEndpoints, ...devWebhookEndpoints(dev.credentials, configured.webhookEndpoints)] };
  const store = await openStore({ databaseUrl: env.DATABASE_URL ?? '', dataDir: env.BILLING_DATA_DIR, poolSize: env.BILLING_DB_POOL_SIZE }).catch((error: unknown) => {
    throw new StartupError(`storage could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  });
  // A 2xx to a webhook is only as durable as the commit before it: the operator is told at start.
  if (!store.durability.durable) logger.warn({ storage: store.kind, reason: store.durability.reason }, 'acknowledged webhooks are not durable');
  let metrics: ReturnType<typeof createMetrics> | undefined;
  const events = eventDelivery(env, store, logger, () => metrics, dev.credentials !== null);
  const billing = createBillingService({
    store,
    events: {
      ...events.service,
      ...(events.deliverer ? { deliverNow: events.deliverer.deliverNow } : {}),
    },
    config,
    // The error's code and class only: a database error's message may quote a payload's value.
    onError: (error) => logger.warn({ code: (error as { code?: unknown } | null)?.code ?? null, error: error instanceof Error ? error.name : typeof error }, 'storage unavailable; answered 503'),
    ingestGroup: {
      maxSize: env.BILLING_INGEST_GROUP_MAX,
      windowMs: env.BILLING_INGEST_GROUP_WINDOW_MS,
      // NOTE: groups commit on pooled connections; two are left for reads, health checks and the listing.
      ...(store.kind === 'postgres'
        ? { maxConcurrent: env.BILLING_INGEST_GROUP_CONCURRENCY ?? Math.max(1, Math.min(8, env.BILLING_DB_POOL_SIZE - 2)) }
        : {}),
      onCommit: (size) => {
        metrics?.ingestGroupSize.observe(size);
        logger.debug({ groupSize: size }, 'webhook group committed');
      },
      // The SQLSTATE only: an error's message may quote a payload's value.
      onFallback: (size, error) =>
        logger.debug({ groupSize: size, code: (error as { code?: unknown } | null)?.code ?? null }, 'webhook group claimed again, a savepoint per delivery'),
    },
    replayCheckpointLagMs: env.BILLING_REPLAY_CHECKPOINT_LAG_MS,
    pageTokenMaxLength: env.BILLING_PAGE_TOKEN_MAX_LENGTH,
  });
  let draining = false;
  // Readiness turns false as soon as shutdown starts, so load balancers stop routing here.
  const served: BillingService = {
    addons: billing.addons,
    webhooks: billing.webhooks,
    ...(billing.events ? { events: billing.events } : {}),
    isReady: async () => !draining && (await billing.isReady()),
    close: () => billing.close(),
  };
  const calculator = createPlanCalculator({ threads: env.BILLING_WORKER_THREADS, offloadMinEntries: env.BILLING_OFFLOAD_MIN_ENTRIES });
  metrics =
    env.BILLING_METRICS === 'on'
      ? createMetrics({
          storeStatements: () => store.statementCount(),
          pendingEvents: () => store.transaction((uow) => uow.events.pendingCount()),
        })
      : undefined;
  const app = createApp({
    billing: served,
    auth: dev.verifier,
    logger,
    bodyLimitBytes: env.BILLING_BODY_LIMIT_BYTES,
    calculator,
    pricingLimits: pricingLimitsOf(env),
    requestTimeoutMs: env.BILLING_REQUEST_TIMEOUT_MS,
    rateLimitPerSecond: env.BILLING_RATE_LIMIT_PER_SECOND,
    ...(metrics ? { metrics } : {}),
  });
  const connectionLimits = {
    headersTimeoutMs: env.BILLING_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.BILLING_BODY_TIMEOUT_MS,
    maxConnections: env.BILLING_MAX_CONNECTIONS,
  };
  const { server, address } = await listen(app.fetch, env.PORT, env.HOST, connectionLimits).catch(async (error: unknown) => {
    await calculator.close();
    await events.stop();
    await billing.close();
    throw new StartupError(`cannot listen on ${env.HOST}:${env.PORT}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  logger.info(
    { host: address.address, port: address.port, storage: store.kind, webhookEndpoints: config.webhookEndpoints.length, devMode: dev.credentials !== null },
    'listening',
  );
  if (dev.credentials !== null) {
    if (dev.dataDir !== null) keepDevCredentials(dev.dataDir, dev.credentials, url);
    print(devModeBanner(url, dev.credentials, dev.dataDir));
  }
  events.deliverer?.start();
  // A local commit that wrote events (a webhook, a :cancel) is delivered now, not at the next poll.
  const unwake = events.deliverer ? store.onEventsCommitted(events.deliverer.wake) : () => undefined;
  return {
    url,
    server,
    async shutdown() {
      draining = true;
      unwake();
      // NOTE: the deliverer takes no new lease from now on; attempts in flight finish and are recorded.
      await Promise.all([drain(server), events.stop()]);
      await calculator.close();
      await billing.close();
    },
  };
}

interface Auth {
  verifier: TokenVerifier;
  /** Development mode only: its token, secrets and demonstration endpoints' secrets. */
  credentials: DevCredentials | null;
  /** Development mode with the store on disk: the data folder that keeps the credentials. */
  dataDir: string | null;
}

async function authOf(env: ServerEnv): Promise<Auth> {
  const claims = { issuer: env.BILLING_JWT_ISSUER, audience: env.BILLING_JWT_AUDIENCE };
  if (env.BILLING_JWT_SECRET) {
    return { verifier: createJwtVerifier({ secret: env.BILLING_JWT_SECRET, secretSource: 'BILLING_JWT_SECRET', ...claims }), credentials: null, dataDir: null };
  }
  if (env.BILLING_JWKS_URL) {
    const jwks = { timeoutMs: env.BILLING_JWKS_TIMEOUT_MS, cooldownMs: env.BILLING_JWKS_COOLDOWN_MS, cacheMaxAgeMs: env.BILLING_JWKS_CACHE_MAX_AGE_MS };
    return { verifier: createJwtVerifier({ jwksUrl: env.BILLING_JWKS_URL, jwks, ...claims }), credentials: null, dataDir: null };
  }
  if (env.NODE_ENV === 'production') {
    throw new StartupError('no authentication configured: set BILLING_JWT_SECRET or BILLING_JWKS_URL (NODE_ENV=production)');
  }
  // NOTE: kept beside the embedded store only: a store in memory or on PostgreSQL has no data folder of this process.
  const dataDir = (env.DATABASE_URL ?? '') === '' ? env.BILLING_DATA_DIR : null;
  const credentials = await devCredentials({ dataDir, now: new Date(), ...claims });
  const verifier = createJwtVerifier({ secret: credentials.jwtSecret, secretSource: devSecretSource(credentials, dataDir), ...claims });
  return { verifier, credentials, dataDir };
}

function readConfig(source: string | undefined, secretEnv: SecretEnvironment) {
  try {
    return loadBillingConfig(source, secretEnv);
  } catch (error) {
    if (error instanceof BillingConfigError) throw new StartupError(error.message);
    throw error;
  }
}
