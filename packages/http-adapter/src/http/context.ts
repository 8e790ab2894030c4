import type { RequestScope } from './request-scope.js';

/** Per-request values set by the middleware. */
export interface AppVariables {
  /** The request's id, arrival, deadline and lazily made logger (set by the one request middleware). */
  scope: RequestScope;
  /** The organization the call acts for, set once authenticated. */
  organizationId: string;
}

export interface AppEnv {
  Variables: AppVariables;
}
