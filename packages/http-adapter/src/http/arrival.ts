import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

const ARRIVED = Symbol('billing.arrived');

type Marked = IncomingMessage & { [ARRIVED]?: number };

/**
 * Records when a request reached the server (`performance.now()`), for a request the calculate lane
 * passes on to the app after it has begun: the deadline and the logged duration then count from here.
 * @example markArrival(incoming, performance.now())
 */
export function markArrival(incoming: IncomingMessage, at: number): void {
  (incoming as Marked)[ARRIVED] = at;
}

/**
 * When the request reached the server: as marked by the calculate lane, else now (the app's first middleware).
 * @example const started = arrivalOf(c)
 */
export function arrivalOf(c: Context): number {
  const incoming = (c.env as { incoming?: Marked } | undefined)?.incoming;
  return incoming?.[ARRIVED] ?? performance.now();
}
