import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a receiver saw of one request: the body's event and the `webhook-id` header it came with. */
export interface Received {
  id: string;
  webhookId: string;
  type: string;
  /** The add-on's id, externalId and cancelAtPeriodEnd after the change (add-on events only). */
  addonId?: string;
  externalId?: string;
  cancelAtPeriodEnd?: boolean;
}

function received(text: string, webhookId: string | string[] | undefined): Received {
  const event = JSON.parse(text) as { id: string; type: string; data?: { addonSubscription?: { id: string; externalId: string; cancelAtPeriodEnd: boolean } } };
  const addon = event.data?.addonSubscription;
  return {
    id: event.id,
    webhookId: String(webhookId),
    type: event.type,
    ...(addon ? { addonId: addon.id, externalId: addon.externalId, cancelAtPeriodEnd: addon.cancelAtPeriodEnd } : {}),
  };
}

/**
 * A receiver on `port` that keeps each request it reads in `seen` (once its body is in, before it
 * answers) and answers 204 after `delayMs()` milliseconds (0: at once).
 */
export async function answering(port: number, seen: Received[], delayMs: () => number = () => 0): Promise<Server> {
  const s = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      seen.push(received(text, req.headers['webhook-id']));
      const wait = delayMs();
      if (wait <= 0) res.writeHead(204).end();
      else setTimeout(() => res.writeHead(204).end(), wait);
    });
  });
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', r));
  return s;
}

/** A receiver on `port` that reads each request (kept in `seen`) and never answers. */
export async function hanging(port: number, seen: Received[]): Promise<Server> {
  const s = createServer((req) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => seen.push(received(text, req.headers['webhook-id'])));
  });
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', r));
  return s;
}

/** A port nothing listens on yet (the receiver comes up there later). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}
