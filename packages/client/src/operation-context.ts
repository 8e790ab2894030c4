import type { Client } from 'openapi-fetch';
import { errorOf } from './errors.js';
import type { paths } from './generated/api.js';
import { retryAfterMs } from './retry.js';

/** Options of one call. */
export interface CallOptions {
  /** Aborts the call, its retries and their waits. */
  signal?: AbortSignal;
  /** Acts for this organization instead of the client's. */
  organizationId?: string;
}

export type Fetch = (request: Request) => Promise<Response>;

/** The result of an openapi-fetch call. */
type Answer<T> = { data?: T; error?: unknown; response: Response };

/** What every operation is made with: the typed fetch client, the headers, the retry choice. */
export interface OperationContext {
  raw: Client<paths>;
  /** The `X-Organization-ID` header of a call. */
  header: (call: CallOptions | undefined) => { 'X-Organization-ID': string };
  /** The fetch (retrying only when `safe`) and the signal of a call. */
  init: (safe: boolean, call: CallOptions | undefined) => { fetch: Fetch; signal: AbortSignal | undefined };
  /** The data of a successful answer; throws a BillingApiError for any other. */
  settle: <T>(operation: string, answer: Promise<Answer<T>>) => Promise<T>;
}

/** Rejects an empty or non-string id before any request, naming the field. */
export function idOf(field: string, value: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`${field} must be a non-empty string`);
  return value;
}

/** The context of a client's operations. */
export function operationContext(raw: Client<paths>, organizationId: string, fetchOnce: Fetch, retrying: Fetch): OperationContext {
  return {
    raw,
    header: (call) => ({ 'X-Organization-ID': idOf('organizationId', call?.organizationId ?? organizationId) }),
    init: (safe, call) => ({ fetch: safe ? retrying : fetchOnce, signal: call?.signal }),
    settle: async <T>(operation: string, answer: Promise<Answer<T>>): Promise<T> => {
      const { data, error, response } = await answer;
      if (response.ok) return data as T;
      throw errorOf(operation, response, error, retryAfterMs(response.headers.get('retry-after'), Date.now()));
    },
  };
}
