import type { Logger } from 'pino';

/** Per-request values set by the middleware. */
export interface AppVariables {
  /** The request id (from `X-Request-ID` when sane, else generated). */
  requestId: string;
  /** A logger carrying the request id. */
  log: Logger;
  /** The organization the call acts for, set once authenticated. */
  organizationId: string;
}

export interface AppEnv {
  Variables: AppVariables;
}
