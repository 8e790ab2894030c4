import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { parseDestinationUrl, resolveChecked, systemResolveAll, type ResolveAll, type UrlPolicy } from './url-guard.js';
import { retryAfterMs, type AttemptResult } from './retry-schedule.js';

/** One request to a destination. */
export interface OutboundRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one attempt and reports what came of it; never throws. */
export type EventSender = (request: OutboundRequest, timeoutMs: number) => Promise<AttemptResult>;

/** How much of an answer's body is kept. */
export const RESPONSE_PREVIEW_BYTES = 1024;

/** The sender's connection pools: one keep-alive agent per scheme, owned by the caller. */
export interface SenderAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/**
 * Keep-alive agents for a sender; `maxSocketsPerHost` bounds the connections to one destination.
 * @example const agents = senderAgents(10); ...; agents.destroy()
 */
export function senderAgents(maxSocketsPerHost: number): SenderAgents {
  const options = { keepAlive: true, maxSockets: maxSocketsPerHost, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

/**
 * A lookup that hands the socket the addresses that were checked, and only those: the connection
 * goes to the address the guard approved, so a name that resolves elsewhere a moment later (DNS
 * rebinding) cannot reach inside.
 */
function checkedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all === true) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
}

/**
 * The real sender: checks the URL and the addresses its host resolves to now (at each attempt),
 * connects to a checked address, POSTs the body, does not follow redirects, and keeps the
 * answer's status and first 1 KiB. Anything that takes longer than `timeoutMs` from the start
 * (resolving included) is an error.
 * @example const send = httpEventSender(policy, senderAgents(10)); await send({ url, headers, body }, 15_000)
 */
export function httpEventSender(policy: UrlPolicy, agents: SenderAgents, resolveAll: ResolveAll = systemResolveAll): EventSender {
  return async (request, timeoutMs) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string): AttemptResult => ({ error, durationMs: elapsed(), response: '' });
    const parsed = parseDestinationUrl(request.url, policy);
    if (!parsed.ok) return failed(parsed.description);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    try {
      const resolved = await Promise.race([resolveChecked(parsed.host, policy, resolveAll), deadline]);
      if (resolved === 'timeout') return failed(`timed out after ${timeoutMs} ms (resolving the host)`);
      if (!resolved.ok) return failed(resolved.description);
      const body = Buffer.from(request.body, 'utf8');
      const secure = parsed.url.protocol === 'https:';
      return await new Promise<AttemptResult>((resolve) => {
        const req = (secure ? https : http).request(parsed.url, {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(body.length), 'user-agent': 'billing-events/1' },
          agent: secure ? agents.https : agents.http,
          lookup: checkedLookup(resolved.addresses),
        });
        let settled = false;
        const finish = (result: AttemptResult) => {
          if (settled) return;
          settled = true;
          resolve(result);
        };
        void deadline.then(() => {
          finish(failed(`timed out after ${timeoutMs} ms`));
          req.destroy();
        });
        req.on('error', (error: NodeJS.ErrnoException) => finish(failed(error.code ?? error.message)));
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            finish({
              httpStatus: res.statusCode ?? 0,
              durationMs: elapsed(),
              response: Buffer.concat(chunks).subarray(0, RESPONSE_PREVIEW_BYTES).toString('utf8'),
              ...withRetryAfter(res.headers['retry-after']),
            });
          };
          res.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_PREVIEW_BYTES) chunks.push(chunk);
            kept += chunk.length;
            // NOTE: past the preview nothing more is wanted; the connection is dropped rather than drained.
            if (kept > 64 * RESPONSE_PREVIEW_BYTES) {
              done();
              res.destroy();
            }
          });
          res.on('end', done);
          res.on('error', done);
        });
        req.end(body);
      });
    } finally {
      clearTimeout(timer);
    }
  };
}

const withRetryAfter = (header: string | undefined): { retryAfterMs?: number } => {
  const ms = retryAfterMs(header, new Date());
  return ms === undefined ? {} : { retryAfterMs: ms };
};
