import type { Logger } from 'pino';
import type { ServiceMetrics } from '../metrics/metrics.js';

/** The reason a request's deadline signal aborts with. */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
}

/**
 * Why a request was answered 504: the message of its error.
 * @example deadlineExceededMessage(10_000) // 'the request was not handled within 10000 ms (BILLING_REQUEST_TIMEOUT_MS)'
 */
export function deadlineExceededMessage(timeoutMs: number): string {
  return `the request was not handled within ${timeoutMs} ms (BILLING_REQUEST_TIMEOUT_MS)`;
}

/**
 * What the app knows of one request beyond Hono's context: its id, when it arrived, its deadline, and
 * what the log line and metrics need. The deadline itself is raced by the `deadline` middleware. One object per request; the logger and the deadline signal are
 * made only when something asks for them.
 */
export class RequestScope {
  /** Set when the answer is a 503 because storage was unavailable (counted as a storage error). */
  storageUnavailable = false;
  #expired = false;
  #log: Logger | undefined;
  #controller: AbortController | undefined;

  constructor(
    readonly requestId: string,
    readonly started: number,
    readonly timeoutMs: number,
    readonly logger: Logger,
    readonly metrics: ServiceMetrics | undefined,
  ) {}

  /** A logger carrying the request id, made on first use (most requests log only their one line). */
  get log(): Logger {
    return (this.#log ??= this.logger.child({ requestId: this.requestId }));
  }

  /**
   * Aborts when the deadline passes, with a `DeadlineExceededError`. Made on first use: only work that
   * can be stopped (a calculation in the worker pool) asks for it.
   */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#expired) this.#controller.abort(this.deadlineError());
    }
    return this.#controller.signal;
  }

  /** The error of a passed deadline. */
  deadlineError(): DeadlineExceededError {
    return new DeadlineExceededError(deadlineExceededMessage(this.timeoutMs));
  }

  /** True once the deadline has passed (work not yet started is then not started). */
  get expired(): boolean {
    return this.#expired;
  }

  /** The milliseconds left before the deadline. */
  remainingMs(): number {
    return Math.max(0, this.timeoutMs - (performance.now() - this.started));
  }

  /** Marks the deadline passed, stops the work that listens to it, and returns the error to answer with. */
  expire(): DeadlineExceededError {
    this.#expired = true;
    const error = this.deadlineError();
    this.#controller?.abort(error);
    return error;
  }
}

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
