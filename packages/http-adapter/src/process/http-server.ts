import { createServer, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/** How long in-flight requests may run after a shutdown signal before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** How long an idle keep-alive connection stays open (node's default). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The connection limits of the listening server (docs/operations.md, "Limits"). */
export interface ConnectionLimits {
  /** The request headers must arrive within this (BILLING_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** The whole request must arrive within this (BILLING_BODY_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** At most this many open connections (BILLING_MAX_CONNECTIONS); more are closed at once. */
  maxConnections: number;
}

/** The defaults of the connection limits. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 10_000 };

/**
 * Starts listening; rejects on EADDRINUSE and the like. Resolves with the bound address.
 * A client too slow with its headers or body gets 408 (when nothing was answered yet) and its connection closed.
 */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  host: string,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
) {
  // @hono/node-server's `createAdaptorServer`, with node's own server options.
  const app = getRequestListener(fetch);
  const serverOptions: ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node checks the two timeouts above only every `connectionsCheckingInterval` (30 s by
    // default), which would let a slow client hold a connection up to 30 s past its timeout.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
  const server = createServer(serverOptions, app);
  server.maxConnections = limits.maxConnections;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, address: server.address() as AddressInfo };
}

/**
 * Stops accepting connections, lets in-flight requests finish (keep-alive connections are closed
 * as soon as they are idle), and cuts whatever is left after `graceMs`.
 */
export function drain(server: Server, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    // A keep-alive connection turns idle once its in-flight response is sent; sweep for those.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
