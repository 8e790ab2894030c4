import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { bearerToken, ORGANIZATION_HEADER_NAME } from '../auth/bearer.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { entriesOf, runCalculation } from '../calculation/calculation-task.js';
import type { PlanCalculator } from '../calculation/plan-calculator.js';
import { errorBody } from '../errors/aip193.js';
import { deadlineExceededMessage } from '../limits/deadline.js';
import type { PricingLimits } from '../limits/pricing-limits.js';
import { countRequest } from '../metrics/http-metrics.js';
import { observeCalculation, type ServiceMetrics } from '../metrics/metrics.js';
import { markArrival } from './arrival.js';
import { acceptsAsJson } from './body.js';
import { declaredBodyFits } from './body-limit.js';
import { logRequestLine, requestIdOf } from './request-log.js';

/** The one request the lane answers itself: `POST` to this exact path, without a query string. */
export const LANE_PATH = '/v1/plans:calculate';

export interface CalculateLaneDeps {
  verifier: TokenVerifier;
  logger: Logger;
  /** The metrics, when they are on: the lane counts what it answers exactly as the app would. */
  metrics?: ServiceMetrics;
  calculator: PlanCalculator;
  /** The pricing limits (BILLING_MAX_*), as the app's calculate route has them. */
  limits: Partial<PricingLimits>;
  /** BILLING_BODY_LIMIT_BYTES. */
  bodyLimitBytes: number;
  /** BILLING_REQUEST_TIMEOUT_MS: while the body arrives; a request passed on keeps the time it has used. */
  requestTimeoutMs: number;
}

// NOTE: as @hono/node-server reads a body for `c.req.text()`: UTF-8, a leading byte order mark dropped,
// malformed bytes replaced; so both paths parse the same text.
const decoder = new TextDecoder();

type Incoming = IncomingMessage & { rawBody?: Buffer };

/** The request headers the lane decides on. */
interface LaneHeaders {
  authorization?: string;
  organization?: string;
  contentType?: string;
  contentLength?: string;
  transferEncoding?: string;
  requestId?: string;
}

const LANE_HEADERS = new Map<string, keyof LaneHeaders>([
  ['authorization', 'authorization'],
  [ORGANIZATION_HEADER_NAME, 'organization'],
  ['content-type', 'contentType'],
  ['content-length', 'contentLength'],
  ['transfer-encoding', 'transferEncoding'],
  ['x-request-id', 'requestId'],
]);

/**
 * The calculate lane: `POST /v1/plans:calculate` answered straight on node's request and response, in
 * front of the app. It answers only what it can answer exactly as the app would: a valid bearer token for
 * the `X-Organization-ID`, a JSON body of declared size within the limit, a valid plan small enough to price
 * inline. Every other request goes on to the app (`onward`) untouched; one whose body the lane has read goes
 * on with that body (node-server reads `rawBody` instead of the socket) and with its arrival time, so the app
 * answers it with its own errors, its own worker pool and the deadline that is left.
 * NOTE: written by hand because the app's per-request machinery (a web Request and Response, the context,
 * five middlewares, a logger per request, an AbortController and a promise for the deadline) costs a small
 * calculation as much as pricing it (docs/benchmarks.md, "The calculate lane").
 * @example createServer(calculateLane(deps)(honoListener))
 */
export function calculateLane(deps: CalculateLaneDeps): (onward: RequestListener) => RequestListener {
  const options = { view: 'BASIC' as const, limits: deps.limits };
  // NOTE: the label sets of the lane's one answer, resolved once instead of hashed on every request.
  const answered = deps.metrics && {
    requests: deps.metrics.httpRequests.labels('POST', LANE_PATH, '200'),
    duration: deps.metrics.httpDuration.labels('POST', LANE_PATH, '200'),
  };
  return (onward) => (request, response) => {
    if (request.method !== 'POST' || request.url !== LANE_PATH) return onward(request, response);
    const started = performance.now();
    const headers = laneHeaders(request.rawHeaders);
    const token = bearerToken(headers.authorization);
    const organizationId = headers.organization?.trim() ?? '';
    const acceptable =
      token !== null &&
      organizationId !== '' &&
      acceptsAsJson(headers.contentType) &&
      declaredBodyFits(headers.contentLength, headers.transferEncoding, deps.bodyLimitBytes) === true;
    if (!acceptable) return onward(request, response);
    const requestId = requestIdOf(headers.requestId);
    const passOn = (body?: Buffer) => {
      if (body !== undefined) (request as Incoming).rawBody = body;
      markArrival(request, started);
      return onward(request, response);
    };
    deps.verifier
      .verify(token)
      .then(
        (verified) => {
          if (!verified.ok || !verified.organizationIds.includes(organizationId)) return passOn();
          readBody(request, response, started, requestId, (body) => {
            if (!price(body)) passOn(body);
          });
        },
        () => passOn(),
      )
      .catch((error: unknown) => fault(response, started, requestId, error));

    /** Answers 200 and returns true; false when the app must answer this body. */
    function price(body: Buffer): boolean {
      let value: unknown;
      try {
        value = JSON.parse(decoder.decode(body));
      } catch {
        return false;
      }
      const entries = entriesOf(value);
      if (deps.calculator.runsInline?.(entries) !== true) return false;
      const priced = performance.now();
      let outcome;
      try {
        outcome = runCalculation({ request: value, options });
      } catch {
        // NOTE: a fault of the engine: the app prices it again and answers 500 through its onError.
        return false;
      }
      if (!outcome.ok) return false;
      observeCalculation(deps.metrics, entries, (performance.now() - priced) / 1000);
      response.writeHead(200, ['content-type', 'application/json', 'x-request-id', requestId]);
      response.end(outcome.json);
      if (answered) {
        answered.requests.inc();
        answered.duration.observe((performance.now() - started) / 1000);
      }
      logRequestLine(deps.logger, 'POST', LANE_PATH, 200, started, requestId);
      return true;
    }
  };

  /** Reads the whole body, then `done`; answers 504 itself when the deadline passes first. */
  function readBody(request: IncomingMessage, response: ServerResponse, started: number, requestId: string, done: (body: Buffer) => void): void {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
    };
    const cleanup = () => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
    };
    const onEnd = () => {
      cleanup();
      try {
        done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      } catch (error) {
        fault(response, started, requestId, error);
      }
    };
    const onClose = () => {
      if (request.readableEnded) return;
      cleanup();
      deps.logger.info({ requestId }, 'the client closed the connection before the request was complete');
      refuse(response, started, requestId, 400, 'INVALID_ARGUMENT', 'REQUEST_INCOMPLETE', 'the request was not received completely');
    };
    const timer = setTimeout(() => {
      cleanup();
      // NOTE: the rest of the body is read and dropped, as the app does after its deadline answers.
      request.resume();
      deps.logger.warn({ requestId, timeoutMs: deps.requestTimeoutMs }, 'request deadline exceeded');
      refuse(response, started, requestId, 504, 'DEADLINE_EXCEEDED', 'DEADLINE_EXCEEDED', deadlineExceededMessage(deps.requestTimeoutMs));
    }, Math.max(0, deps.requestTimeoutMs - (performance.now() - started)));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('close', onClose);
  }

  /** The headers the lane reads, in one pass over node's raw list; repeated ones joined as `rawHeader` joins them. */
  function laneHeaders(raw: readonly string[]): LaneHeaders {
    const found: LaneHeaders = {};
    for (let i = 0; i < raw.length; i += 2) {
      const key = LANE_HEADERS.get((raw[i] as string).toLowerCase());
      if (key === undefined) continue;
      const value = raw[i + 1] as string;
      const before = found[key];
      found[key] = before === undefined ? value : `${before}, ${value}`;
    }
    return found;
  }

  /** A fault of the lane itself: logged and answered as the app's onError answers one, never a crash. */
  function fault(response: ServerResponse, started: number, requestId: string, error: unknown): void {
    deps.logger.error({ requestId, err: error }, 'unhandled error');
    refuse(response, started, requestId, 500, 'INTERNAL', 'INTERNAL', 'internal error');
  }

  /** An error the lane answers itself (the body never arrived whole, or a fault): AIP-193, logged and counted as the app would. */
  function refuse(
    response: ServerResponse,
    started: number,
    requestId: string,
    httpStatus: 400 | 500 | 504,
    status: 'INVALID_ARGUMENT' | 'INTERNAL' | 'DEADLINE_EXCEEDED',
    reason: string,
    message: string,
  ): void {
    if (!response.headersSent && !response.destroyed) {
      response.writeHead(httpStatus, { 'content-type': 'application/json', 'x-request-id': requestId });
      response.end(JSON.stringify(errorBody({ status, reason, message })));
    }
    if (deps.metrics) countRequest(deps.metrics, 'POST', LANE_PATH, httpStatus, started);
    logRequestLine(deps.logger, 'POST', LANE_PATH, httpStatus, started, requestId);
  }
}
