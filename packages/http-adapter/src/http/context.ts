import type { Logger } from 'pino';
import type { ServiceMetrics } from '../metrics/metrics.js';

/** Per-request values set by the middleware. */
export interface AppVariables {
  /** The request id (from `X-Request-ID` when sane, else generated). */
  requestId: string;
  /** A logger carrying the request id. */
  log: Logger;
  /** The organization the call acts for, set once authenticated. */
  organizationId: string;
  /** Aborts when the request's deadline (BILLING_REQUEST_TIMEOUT_MS) passes. */
  deadline: AbortSignal;
  /** The metrics, when they are on. */
  metrics: ServiceMetrics | undefined;
  /** Set when the answer is a 503 because storage was unavailable (counted as a storage error). */
  storageUnavailable: boolean;
}

export interface AppEnv {
  Variables: AppVariables;
}
