import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The service's metrics, in a registry of their own (never prom-client's global one). */
export interface ServiceMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  webhookDeliveries: Counter<'provider' | 'outcome'>;
  calculationDuration: Histogram;
  calculationEntries: Histogram;
  storageErrors: Counter<'route'>;
  /** Attempts to deliver events: succeeded, retried (failed, tried again) or failed (given up). */
  eventDeliveries: Counter<'outcome'>;
  /** Commit to successful delivery. */
  eventDeliveryLag: Histogram;
  /** Deliveries per committed webhook group (its count: the groups committed). */
  ingestGroupSize: Histogram;
}

/** Where the metrics read what they do not count themselves. */
export interface MetricsSources {
  /** Deliveries not yet succeeded, failed or canceled (the `billing_events_pending` gauge). */
  pendingEvents?: () => Promise<number>;
  /** Statements sent to the database so far (the `billing_store_statements_total` counter). */
  storeStatements?: () => number;
}

/**
 * Creates the registry with the HTTP, webhook, calculation and storage series and the process
 * defaults; with `storeStatements` (the store's running count), also the statements sent to the
 * database.
 * @example const metrics = createMetrics({ storeStatements: () => store.statementCount() }); await metrics.registry.metrics()
 */
export function createMetrics(sources: MetricsSources = {}): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const storeStatements = sources.storeStatements;
  if (storeStatements !== undefined) {
    let reported = 0;
    new Counter({
      name: 'billing_store_statements_total',
      help: 'Statements sent to the database by transactions (BEGIN and COMMIT included)',
      registers,
      collect() {
        const now = storeStatements();
        this.inc(now - reported);
        reported = now;
      },
    });
  }
  const pendingEvents = sources.pendingEvents;
  if (pendingEvents !== undefined) {
    new Gauge({
      name: 'billing_events_pending',
      help: 'Event deliveries waiting for a successful attempt (pending), in every organization',
      registers,
      async collect() {
        // Storage down: the gauge keeps its last value rather than failing the whole scrape.
        try {
          this.set(await pendingEvents());
        } catch {
          /* kept */
        }
      },
    });
  }
  return {
    eventDeliveries: new Counter({
      name: 'billing_event_deliveries_total',
      help: 'Attempts to deliver events by outcome: succeeded, retried (failed, will be tried again), failed (given up)',
      labelNames: ['outcome'],
      registers,
    }),
    eventDeliveryLag: new Histogram({
      name: 'billing_event_delivery_lag_seconds',
      help: 'Time from the commit of a change to the successful delivery of its event',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600, 86_400],
      registers,
    }),
    ingestGroupSize: new Histogram({
      name: 'billing_ingest_group_size',
      help: 'Webhook deliveries per committed group (group commit: one transaction, one WAL flush each)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers,
    }),
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request reaching the app to its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'billing_webhook_deliveries_total',
      help: 'Webhook deliveries by provider and outcome (applied, duplicate, ignored, rejected)',
      labelNames: ['provider', 'outcome'],
      registers,
    }),
    calculationDuration: new Histogram({
      name: 'billing_calculation_duration_seconds',
      help: 'Time to price a plan (inline or in the worker pool, queueing included)',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    calculationEntries: new Histogram({
      name: 'billing_calculation_entries',
      help: 'Size of each priced plan: instances x prices',
      buckets: [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000],
      registers,
    }),
    storageErrors: new Counter({
      name: 'billing_storage_errors_total',
      help: 'Requests answered 503 because storage was unavailable, by route pattern',
      labelNames: ['route'],
      registers,
    }),
  };
}

/**
 * Records one calculation in the metrics: its time and its size (instances x prices).
 * @example observeCalculation(metrics, 18, 0.00004)
 */
export function observeCalculation(metrics: ServiceMetrics | undefined, entries: number, seconds: number): void {
  metrics?.calculationDuration.observe(seconds);
  metrics?.calculationEntries.observe(entries);
}
