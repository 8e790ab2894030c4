import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';

/** How long in-flight requests may run after a shutdown signal before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Starts listening; rejects on EADDRINUSE and the like. Resolves with the bound address. */
export async function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, host: string) {
  const server = createAdaptorServer({ fetch }) as Server;
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
    // NOTE: a keep-alive connection turns idle once its in-flight response is sent; sweep for those.
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
